import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// The reductions against sums, maxima and minima the test computes from the input's own bytes, on both
/// renderers, for areas that are not multiples of the 8×8 blocks.
@Suite(.serialized) struct ReductionFormulaTests {
    let width = 45, height = 29
    let buffer: PixelBuffer = {
        let width = 45, height = 29
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                let o = row * b.planes[0].bytesPerRow + x * 4
                b.planes[0].bytes[o] = UInt8((x * 37 + row * 11) % 256)
                b.planes[0].bytes[o + 1] = UInt8((x * x + row * 3) % 256)
                b.planes[0].bytes[o + 2] = UInt8((row * 29) % 256)
                b.planes[0].bytes[o + 3] = 255
            }
        }
        return b
    }()

    /// Byte of the image at column x, image row y (y up, so memory row height − 1 − y).
    private func byte(_ x: Int, _ y: Int, _ c: Int) -> Double {
        Double(buffer.planes[0].bytes[(height - 1 - y) * buffer.planes[0].bytesPerRow + x * 4 + c])
    }
    private func decode(_ v: Double) -> Double {
        let s = v / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    private func encode(_ v: Double) -> Double { (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055) * 255 }

    private func renderBoth(_ image: Image) throws -> [(String, PixelBuffer)] {
        [
            ("cpu", try Renderers.render(image, on: Renderers.cpu)),
            ("gles", try Renderers.render(image, on: try Renderers.glesRenderer()))
        ]
    }

    @Test func areaAverageIsTheMeanInLinearLight() throws {
        let area = (x: 3, y: 2, w: 37, h: 25)
        let image = try Image(buffer: buffer).applyingFilter(
            "CIAreaAverage", parameters: ["inputExtent": .vector([3, 2, 37, 25])])
        #expect(image.extent == Rect(x: 0, y: 0, width: 1, height: 1))
        for (name, out) in try renderBoth(image) {
            for c in 0..<3 {
                var sum = 0.0
                for y in area.y..<(area.y + area.h) {
                    for x in area.x..<(area.x + area.w) { sum += decode(byte(x, y, c)) }
                }
                #expect(
                    abs(Double(out.rgba(x: 0, row: 0)[c]) - encode(sum / Double(area.w * area.h)).rounded()) <= 1,
                    "\(name) channel \(c)")
            }
        }
    }

    @Test func maximumMinimumAndMinMaxAreTheExtremeBytes() throws {
        let all = ["inputExtent": FilterValue.vector([0, 0, 1000, 1000])]
        for (name, filter, pick) in [
            ("max", "CIAreaMaximum", { (a: [Double]) in a.max()! }),
            ("min", "CIAreaMinimum", { (a: [Double]) in a.min()! })
        ] {
            for (renderer, out) in try renderBoth(try Image(buffer: buffer).applyingFilter(filter, parameters: all)) {
                for c in 0..<3 {
                    let values = (0..<height).flatMap { y in (0..<width).map { byte($0, y, c) } }
                    #expect(
                        abs(Double(out.rgba(x: 0, row: 0)[c]) - pick(values)) <= 1, "\(renderer) \(name) channel \(c)")
                }
            }
        }
        for (renderer, out) in try renderBoth(try Image(buffer: buffer).applyingFilter("CIAreaMinMax", parameters: all))
        {
            #expect(out.width == 2)
            let reds = (0..<height).flatMap { y in (0..<width).map { byte($0, y, 0) } }
            #expect(abs(Double(out.rgba(x: 0, row: 0)[0]) - reds.min()!) <= 1, "\(renderer)")
            #expect(abs(Double(out.rgba(x: 1, row: 0)[0]) - reds.max()!) <= 1, "\(renderer)")
        }
    }

    @Test func rowAndColumnAveragesAverageEachLine() throws {
        let rows = try Image(buffer: buffer).applyingFilter(
            "CIRowAverage", parameters: ["inputExtent": .vector([0, 0, 45, 29])])
        let columns = try Image(buffer: buffer).applyingFilter(
            "CIColumnAverage", parameters: ["inputExtent": .vector([0, 0, 45, 29])])
        #expect(rows.extent == Rect(x: 0, y: 0, width: 1, height: 29))
        #expect(columns.extent == Rect(x: 0, y: 0, width: 45, height: 1))
        for ((name, r), (_, c)) in zip(try renderBoth(rows), try renderBoth(columns)) {
            for y in [0, 13, 28] {
                let mean = (0..<width).map { decode(byte($0, y, 1)) }.reduce(0, +) / Double(width)
                #expect(
                    abs(Double(r.rgba(x: 0, row: height - 1 - y)[1]) - encode(mean).rounded()) <= 1, "\(name) row \(y)")
            }
            for x in [0, 22, 44] {
                let mean = (0..<height).map { decode(byte(x, $0, 0)) }.reduce(0, +) / Double(height)
                #expect(abs(Double(c.rgba(x: x, row: 0)[0]) - encode(mean).rounded()) <= 1, "\(name) column \(x)")
            }
        }
    }

    @Test func maximumAlphaPicksTheMostOpaquePixel() throws {
        var b = PixelBuffer(width: 20, height: 10, format: .rgba8)
        for i in 0..<(20 * 10) {
            b.planes[0].bytes[i * 4] = 200
            b.planes[0].bytes[i * 4 + 3] = 60
        }
        let o = 4 * b.planes[0].bytesPerRow + 13 * 4
        b.planes[0].bytes[o] = 10
        b.planes[0].bytes[o + 1] = 250
        b.planes[0].bytes[o + 3] = 250
        let image = try Image(buffer: b).applyingFilter(
            "CIAreaMaximumAlpha", parameters: ["inputExtent": .vector([0, 0, 20, 10])])
        for (name, out) in try renderBoth(image) {
            let p = out.rgba(x: 0, row: 0)
            #expect(Int(p[3]) == 250, "\(name)")
            #expect(abs(Double(p[1]) - 250) <= 1, "\(name)")
        }
    }

    @Test func anAreaOutsideTheImageIsATypedError() {
        do {
            _ = try Image(buffer: buffer).applyingFilter(
                "CIAreaAverage", parameters: ["inputExtent": .vector([100, 100, 5, 5])])
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(
                        filter: "CIAreaAverage", key: "inputExtent",
                        reason: "holds none of the image (its extent is \(Rect(x: 0, y: 0, width: 45, height: 29)))"))
        }
    }
}
