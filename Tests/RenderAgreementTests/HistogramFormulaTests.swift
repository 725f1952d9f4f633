import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// CIAreaHistogram against counts the test makes from the input's own bytes, and CIHistogramDisplayFilter
/// against bars worked out by hand, on both renderers. Colour management is off, so a byte b is the value
/// b / 255 on the way in and a value v is the byte 255·v on the way out.
@Suite(.serialized) struct HistogramFormulaTests {
    private var raw: Context.Options {
        var o = Context.Options()
        o.colorManagement = false
        return o
    }

    private func renderBoth(_ image: Image) throws -> [(String, PixelBuffer)] {
        [
            ("cpu", try Renderers.render(image, on: Renderers.cpu, options: raw)),
            ("gles", try Renderers.render(image, on: try Renderers.glesRenderer(), options: raw))
        ]
    }

    /// Memory row `row` of a width×height RGBA8 picture whose bytes are `byte(x, row, channel)`.
    private func picture(width: Int, height: Int, _ byte: (Int, Int, Int) -> UInt8) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                for c in 0..<4 {
                    b.planes[0].bytes[row * b.planes[0].bytesPerRow + x * 4 + c] = byte(x, row, c)
                }
            }
        }
        return b
    }

    /// The test's own histogram: fraction of the area's pixels per bin per channel (alpha too, unused), from the bytes.
    private func expected(_ buffer: PixelBuffer, area: (x: Int, y: Int, w: Int, h: Int), bins: Int) -> [[Double]] {
        var counts = [[Double]](repeating: [Double](repeating: 0, count: 4), count: bins)
        for y in area.y..<(area.y + area.h) {
            for x in area.x..<(area.x + area.w) {
                let row = buffer.height - 1 - y
                for c in 0..<4 {
                    let byte = Int(buffer.planes[0].bytes[row * buffer.planes[0].bytesPerRow + x * 4 + c])
                    counts[min(byte * bins / 255, bins - 1)][c] += 1
                }
            }
        }
        return counts.map { $0.map { $0 / Double(area.w * area.h) } }
    }

    private func check(
        _ buffer: PixelBuffer, area: (x: Int, y: Int, w: Int, h: Int), bins: Int, scale: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let image = try Image(buffer: buffer).applyingFilter(
            "CIAreaHistogram",
            parameters: [
                "inputExtent": .vector([Double(area.x), Double(area.y), Double(area.w), Double(area.h)]),
                "inputCount": .number(Double(bins)), "inputScale": .number(scale)
            ])
        #expect(image.extent == Rect(x: 0, y: 0, width: Double(bins), height: 1))
        let want = expected(buffer, area: area, bins: bins)
        for (name, out) in try renderBoth(image) {
            for bin in 0..<bins {
                #expect(out.rgba(x: bin, row: 0)[3] == 255, "\(name) bin \(bin) is opaque")
                for c in 0..<3 {
                    #expect(
                        abs(Double(out.rgba(x: bin, row: 0)[c]) - min(want[bin][c] * scale * 255, 255)) <= 1.01,
                        "\(name) bin \(bin) channel \(c)")
                }
            }
        }
    }

    @Test func binsCountTheAreasBytesPerChannel() throws {
        let buffer = picture(width: 45, height: 29) { x, row, c in
            [UInt8((x * 37 + row * 11) % 256), UInt8((x * x + row * 3) % 256), UInt8((row * 29) % 256), 255][c]
        }
        try check(buffer, area: (x: 3, y: 2, w: 37, h: 25), bins: 16, scale: 3)
        try check(buffer, area: (x: 0, y: 0, w: 45, h: 29), bins: 5, scale: 1)
    }

    /// An area wider than one 512-pixel block and taller than one 8-row block, so blocks are summed.
    @Test func blocksOfAWideAreaAddUp() throws {
        let buffer = picture(width: 1100, height: 21) { x, row, c in c == 3 ? 255 : UInt8((x * (c + 3) + row * 7) % 256)
        }
        try check(buffer, area: (x: 5, y: 1, w: 1090, h: 19), bins: 8, scale: 2)
    }

    @Test func anAreaTooLargeToCountIsATypedError() throws {
        let huge = try Image.constantColor(color: SIMD4(1, 0, 0, 1)).cropped(
            to: Rect(x: 0, y: 0, width: 60000, height: 60000))
        do {
            _ = try huge.applyingFilter("CIAreaHistogram", parameters: ["inputExtent": .vector([0, 0, 60000, 60000])])
            Issue.record("expected an error")
        } catch {
            guard case let .invalidValue(filter, key, _)? = error as? FilterError else {
                Issue.record("\(error)")
                return
            }
            #expect(filter == "CIAreaHistogram")
            #expect(key == "inputExtent")
        }
        #expect(throws: (any Error).self) {
            try huge.applyingFilter("CIAreaHistogram", parameters: ["inputCount": .number(0)])
        }
    }

    /// A histogram display needs a finite histogram: a generator's infinite extent is an error naming inputImage.
    @Test func anInfiniteHistogramImageIsATypedError() throws {
        let endless = try Image.constantColor(color: SIMD4(1, 0, 0, 1))
        do {
            _ = try endless.applyingFilter("CIHistogramDisplayFilter")
            Issue.record("expected an error")
        } catch {
            guard case let .invalidValue(filter, key, _)? = error as? FilterError else {
                Issue.record("\(error)")
                return
            }
            #expect(filter == "CIHistogramDisplayFilter")
            #expect(key == "inputImage")
        }
    }

    /// Bins (red, green): (1, 0), (0.5, 1), (0, 0), (0.27, 0). The tallest is 1, so red fills column 0, half
    /// of column 1 (under a full green bar) and 3 of 10 rows of column 3. Low limit 0.3 halves column 0's bar;
    /// high limit 0.7 greys column 3's background.
    @Test func histogramDisplayDrawsBarsScaledToTheTallestBin() throws {
        let bins: [SIMD4<UInt8>] = [
            SIMD4(255, 0, 0, 255), SIMD4(128, 255, 0, 255), SIMD4(0, 0, 0, 255), SIMD4(70, 0, 0, 255)
        ]
        let histogram = picture(width: 4, height: 1) { x, _, c in bins[x][c] }
        let display = try Image(buffer: histogram).applyingFilter(
            "CIHistogramDisplayFilter",
            parameters: [
                "inputHeight": .number(10), "inputLowLimit": .number(0.3), "inputHighLimit": .number(0.7)
            ])
        #expect(display.extent == Rect(x: 0, y: 0, width: 4, height: 10))
        for (name, out) in try renderBoth(display) {
            func at(_ x: Int, _ y: Int) -> SIMD4<UInt8> { out.rgba(x: x, row: 9 - y) }
            for y in 0..<10 {
                #expect(abs(Double(at(0, y)[0]) - 127.5) <= 1, "\(name) column 0 row \(y): half-bright red")
                #expect(
                    at(1, y) == (y < 5 ? SIMD4(255, 255, 0, 255) : SIMD4(0, 255, 0, 255)), "\(name) column 1 row \(y)")
                #expect(at(2, y) == SIMD4(0, 0, 0, 255), "\(name) column 2 row \(y)")
                let grey = UInt8(64)
                #expect(
                    at(3, y) == (y < 3 ? SIMD4(255, grey, grey, 255) : SIMD4(grey, grey, grey, 255)),
                    "\(name) column 3 row \(y)")
            }
        }
    }
}
