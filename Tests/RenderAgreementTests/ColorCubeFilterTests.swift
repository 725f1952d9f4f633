import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// CIColorCube, CIColorCubeWithColorSpace and CIColorCubesMixedWithMask on both renderers, checked against
/// what the tables say each pixel becomes.
@Suite(.serialized) struct ColorCubeFilterTests {
    let source = Image(buffer: Frames.rgbaGradient(width: 40, height: 24))
    let input: PixelBuffer

    init() throws {
        input = try Renderers.render(source, on: Renderers.cpu)
    }

    /// A dimension-`n` table of `f` as Core Image's cube data (float32 RGBA, red fastest).
    private func data(_ n: Int, _ f: (SIMD3<Float>) -> SIMD3<Float>) -> FilterValue {
        .data(
            ColorCube(size: n) {
                let o = f($0)
                return SIMD4(o.x, o.y, o.z, 1)
            }.float32Bytes)
    }

    private func renderBoth(_ image: Image) throws -> [(String, PixelBuffer)] {
        [
            ("cpu", try Renderers.render(image, on: Renderers.cpu)),
            ("gles", try Renderers.render(image, on: try Renderers.glesRenderer()))
        ]
    }

    @Test func theDefaultTableIsTheIdentityAndReturnsTheInput() throws {
        #expect(try source.applyingFilter("CIColorCube") === source)
        #expect(try source.applyingFilter("CIColorCube", parameters: ["inputCubeDimension": .number(33)]) === source)
        #expect(try source.applyingFilter("CIColorCubeWithColorSpace") === source)
    }

    @Test func aSwapTableSwapsRedAndBlueOnBothRenderers() throws {
        // A per-channel transfer function commutes with swapping channels, so the swap holds in any space.
        let image = try source.applyingFilter(
            "CIColorCube",
            parameters: ["inputCubeDimension": .number(2), "inputCubeData": data(2) { SIMD3($0.z, $0.y, $0.x) }])
        for (name, out) in try renderBoth(image) {
            for (x, row) in [(0, 0), (13, 7), (39, 23), (22, 15)] {
                let i = input.rgba(x: x, row: row), o = out.rgba(x: x, row: row)
                #expect(abs(Double(o[0]) - Double(i[2])) <= 1, "\(name) red at \(x),\(row)")
                #expect(abs(Double(o[1]) - Double(i[1])) <= 1, "\(name) green at \(x),\(row)")
                #expect(abs(Double(o[2]) - Double(i[0])) <= 1, "\(name) blue at \(x),\(row)")
            }
        }
    }

    @Test func anInvertTableInSRGBInvertsTheCodeValuesAndInLinearInvertsLight() throws {
        let invert = data(2) { SIMD3(1, 1, 1) - $0 }
        let encoded = try source.applyingFilter(
            "CIColorCubeWithColorSpace", parameters: ["inputCubeData": invert, "inputColorSpace": .string("sRGB")])
        let linear = try source.applyingFilter("CIColorCube", parameters: ["inputCubeData": invert])
        for ((name, e), (_, l)) in zip(try renderBoth(encoded), try renderBoth(linear)) {
            for (x, row) in [(0, 0), (5, 3), (39, 23), (20, 12)] {
                let i = input.rgba(x: x, row: row)
                for c in 0..<3 {
                    #expect(
                        abs(Double(e.rgba(x: x, row: row)[c]) - (255 - Double(i[c]))) <= 1,
                        "\(name) sRGB invert channel \(c) at \(x),\(row)")
                    let light = 1 - srgbToLinear(Double(i[c]) / 255)
                    #expect(
                        abs(Double(l.rgba(x: x, row: row)[c]) - (linearToSRGB(light) * 255).rounded()) <= 1.5,
                        "\(name) linear invert channel \(c) at \(x),\(row)")
                }
            }
        }
    }

    @Test func aCurvedTableAgreesAcrossRenderersAndWithItsFormula() throws {
        // A smooth, non-separable table on 17³: interpolation error is small, and GLES's half-float atlas agrees.
        let f: (SIMD3<Float>) -> SIMD3<Float> = { c in SIMD3(c.x * c.x, (c.x + c.y + c.z) / 3, c.z.squareRoot()) }
        let image = try source.applyingFilter(
            "CIColorCubeWithColorSpace", parameters: ["inputCubeDimension": .number(17), "inputCubeData": data(17, f)])
        let results = try renderBoth(image)
        let d = maxDifference(results[0].1, results[1].1)
        #expect(d.value <= 2, "GLES vs CPU: \(d)")
        for (x, row) in [(3, 3), (30, 20), (17, 9)] {
            let i = input.rgba(x: x, row: row)
            let expected = f(SIMD3(Float(i[0]), Float(i[1]), Float(i[2])) / 255) * 255
            for c in 0..<3 {
                #expect(
                    abs(Float(results[0].1.rgba(x: x, row: row)[c]) - expected[c].rounded()) <= 2.5,
                    "channel \(c) at \(x),\(row)")
            }
        }
    }

    @Test func transparentPixelsKeepTheirAlpha() throws {
        let translucent = Image(buffer: Frames.rgbaGradient(width: 16, height: 8, alpha: true))
        let before = try Renderers.render(translucent, on: Renderers.cpu)
        let image = try translucent.applyingFilter(
            "CIColorCubeWithColorSpace", parameters: ["inputCubeData": data(2) { SIMD3($0.z, $0.y, $0.x) }])
        for (name, out) in try renderBoth(image) {
            for (x, row) in [(1, 1), (9, 4), (15, 7)] {
                let i = before.rgba(x: x, row: row), o = out.rgba(x: x, row: row)
                #expect(o[3] == i[3], "\(name) alpha at \(x),\(row)")
                if i[3] > 40 { #expect(abs(Double(o[0]) - Double(i[2])) <= 2, "\(name) red at \(x),\(row)") }
            }
        }
    }

    @Test func aCubeFileGivesTheSameAsItsDataAndABadFileNamesItsLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iris-cubefilter-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("swap.cube").path, bad = dir.appendingPathComponent("bad.cube").path
        try "LUT_3D_SIZE 2\n0 0 0\n0 0 1\n0 1 0\n0 1 1\n1 0 0\n1 0 1\n1 1 0\n1 1 1\n".write(
            toFile: good, atomically: true, encoding: .utf8)
        try "LUT_3D_SIZE 2\n0 0 0\n0 0 one\n".write(toFile: bad, atomically: true, encoding: .utf8)

        let spec = try FilterSpecParser.parse("CIColorCubeWithColorSpace inputCubeFile=\(good)")
        let fromFile = try Renderers.render(try source.applyingFilter(spec), on: Renderers.cpu)
        let fromData = try Renderers.render(
            try source.applyingFilter(
                "CIColorCubeWithColorSpace", parameters: ["inputCubeData": data(2) { SIMD3($0.z, $0.y, $0.x) }]),
            on: Renderers.cpu)
        #expect(maxDifference(fromFile, fromData).value == 0)

        do {
            _ = try source.applyingFilter("CIColorCube", parameters: ["inputCubeFile": .string(bad)])
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(
                        filter: "CIColorCube", key: "inputCubeFile",
                        reason: "\(bad):3: a table line has something other than a finite number in place 3"))
        }
        do {
            _ = try source.applyingFilter(
                "CIColorCube", parameters: ["inputCubeDimension": .number(4), "inputCubeData": data(2) { $0 * 0.5 }])
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(
                        filter: "CIColorCube", key: "inputCubeData",
                        reason: "needs 1024 bytes (4³ RGBA float32 entries for inputCubeDimension 4), got 128"))
        }
        do {
            _ = try source.applyingFilter(
                "CIColorCubeWithColorSpace",
                parameters: ["inputCubeData": data(2) { SIMD3($0.z, $0.y, $0.x) }, "inputColorSpace": .string("P3")])
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(
                        filter: "CIColorCubeWithColorSpace", key: "inputColorSpace",
                        reason: "'P3' is not sRGB or linear"))
        }
    }

    @Test func twoCubesMixByTheMask() throws {
        // Mask: white on the left half, black on the right.
        var maskBuffer = PixelBuffer(width: 40, height: 24, format: .rgba8)
        for row in 0..<24 {
            for x in 0..<40 {
                for c in 0..<4 {
                    maskBuffer.planes[0].bytes[row * maskBuffer.planes[0].bytesPerRow + x * 4 + c] =
                        x < 20 || c == 3 ? 255 : 0
                }
            }
        }
        let image = try source.applyingFilter(
            "CIColorCubesMixedWithMask",
            parameters: [
                "inputMaskImage": .image(Image(buffer: maskBuffer)),
                "inputCube0Data": data(2) { SIMD3(1, 1, 1) - $0 }, "inputCube1Data": data(2) { SIMD3($0.z, $0.y, $0.x) }
            ])
        for (name, out) in try renderBoth(image) {
            let left = input.rgba(x: 5, row: 10), right = input.rgba(x: 30, row: 10)
            #expect(
                abs(Double(out.rgba(x: 5, row: 10)[0]) - Double(left[2])) <= 1,
                "\(name): white mask takes cube 1 (swap)")
            #expect(
                abs(Double(out.rgba(x: 30, row: 10)[0]) - (255 - Double(right[0]))) <= 1,
                "\(name): black mask takes cube 0 (invert)")
        }
    }

    private func srgbToLinear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    private func linearToSRGB(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
}
