import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// CIRedEyeCorrection and CIFaceBalance on both renderers, with inputs that change pixels: the registry-wide
/// agreement test leaves a vector input at its default, and CIRedEyeCorrection's empty default is the identity.
@Suite(.serialized) struct AutoAdjustFilterAgreementTests {
    /// 40 × 32 sRGB bytes: skin, a brown iris ring (radius 6) and a red pupil (radius 3.5) around the middle of
    /// pixel (12, 15) (bottom-left origin), with a white glint there; a second red pupil at (30, 15), no glint.
    static func eyes() -> PixelBuffer {
        let width = 40, height = 32
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                let y = height - 1 - row
                func distance(_ cx: Int, _ cy: Int) -> Double {
                    let dx = Double(x - cx), dy = Double(y - cy)
                    return (dx * dx + dy * dy).squareRoot()
                }
                let near = min(distance(12, 15), distance(30, 15))
                let colour: [UInt8] =
                    distance(12, 15) == 0
                    ? [255, 255, 255]
                    : near <= 3.5 ? [200, 30, 35] : near <= 6 ? [110, 70, 40] : [225, 170, 140]
                let o = row * b.planes[0].bytesPerRow + x * 4
                b.planes[0].bytes[o..<(o + 4)] = ArraySlice(colour + [255])
            }
        }
        return b
    }

    @Test func redEyeCorrectionAgreesAndTouchesOnlyThePupils() throws {
        let gles = try Renderers.glesRenderer()
        let source = Image(buffer: Self.eyes())
        let image = try source.applyingFilter(
            "CIRedEyeCorrection",
            parameters: [
                "inputCorrectionInfo": .vector([12.5, 15.5, 3.5, 30, 30.5, 15.5, 3.5, 30])
            ])
        let a = try Renderers.render(image, on: gles), b = try Renderers.render(image, on: Renderers.cpu)
        let d = maxDifference(a, b)
        #expect(d.value <= 2, "CIRedEyeCorrection differs by \(d.value) at x \(d.x) row \(d.row)")
        // Each renderer against its own render of the untouched picture: "unchanged" means the same bytes.
        let original = try Renderers.render(source, on: Renderers.cpu)
        let originalGLES = try Renderers.render(source, on: gles)
        var pupils = 0
        for row in 0..<original.height {
            for x in 0..<original.width {
                for (name, out, reference) in [("GLES", a, originalGLES), ("CPU", b, original)] {
                    let before = reference.rgba(x: x, row: row), after = out.rgba(x: x, row: row)
                    if before[0] == 200 && before[1] == 30 {
                        #expect(after[0] < 80, "\(name): pupil pixel \(x), row \(row) still red: \(after)")
                        #expect((Int(after[0]) - Int(min(after[1], after[2]))) <= 3, "\(name): not grey: \(after)")
                    } else {
                        #expect(after == before, "\(name): pixel \(x), row \(row) is not pupil and changed")
                    }
                }
                if original.rgba(x: x, row: row)[0] == 200 && original.rgba(x: x, row: row)[1] == 30 { pupils += 1 }
            }
        }
        #expect(pupils > 50)
    }

    @Test func faceBalanceAgreesOnSkinTones() throws {
        let gles = try Renderers.glesRenderer()
        let source = Image(buffer: Self.eyes())
        for (i, q, warmth) in [(0.05, 0.12, 0.5), (0.2, -0.05, 1.0), (0.1, 0.03, 0.0)] {
            let image = try source.applyingFilter(
                "CIFaceBalance",
                parameters: [
                    "inputOrigI": .number(i), "inputOrigQ": .number(q), "inputStrength": .number(1),
                    "inputWarmth": .number(warmth)
                ])
            let a = try Renderers.render(image, on: gles), b = try Renderers.render(image, on: Renderers.cpu)
            let d = maxDifference(a, b)
            #expect(
                d.value <= 2, "CIFaceBalance (\(i), \(q), \(warmth)) differs by \(d.value) at x \(d.x) row \(d.row)")
            let untouched = try Renderers.render(source, on: Renderers.cpu)
            #expect(maxDifference(b, untouched).value > 2, "it changed the skin")
        }
    }
}
