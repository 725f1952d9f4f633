import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// The core colour filters against pixels computed here from their published formulas: the sRGB curve
/// (IEC 61966-2-1), linear working space, Rec.709 luma. Nothing below calls Iris's own matrices.
@Suite(.serialized) struct HandComputedFilterTests {
    static let colour: (Double, Double, Double) = (200, 100, 50)

    static func linear(_ byte: Double) -> Double {
        let v = byte / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    static func encoded(_ l: Double) -> Double {
        let v = min(max(l, 0), 1)
        return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
    }

    /// Renders a uniform 8×4 image of `colour` through `filter` on both renderers and compares the
    /// centre pixel with `expected(r, g, b)` (linear in, linear out).
    func check(
        _ filter: String, _ parameters: [String: FilterValue],
        expected: (Double, Double, Double) -> (Double, Double, Double), line: UInt = #line
    ) throws {
        var buffer = PixelBuffer(width: 8, height: 4, format: .rgba8)
        for i in stride(from: 0, to: buffer.planes[0].bytes.count, by: 4) {
            buffer.planes[0].bytes[i] = UInt8(Self.colour.0)
            buffer.planes[0].bytes[i + 1] = UInt8(Self.colour.1)
            buffer.planes[0].bytes[i + 2] = UInt8(Self.colour.2)
            buffer.planes[0].bytes[i + 3] = 255
        }
        let image = try Image(buffer: buffer).applyingFilter(filter, parameters: parameters)
        let (r, g, b) = expected(Self.linear(Self.colour.0), Self.linear(Self.colour.1), Self.linear(Self.colour.2))
        let want = [Self.encoded(r), Self.encoded(g), Self.encoded(b)]
        for renderer in [try Renderers.glesRenderer() as any Renderer, Renderers.cpu] {
            let p = try Renderers.render(image, on: renderer).rgba(x: 4, row: 2)
            for c in 0..<3 {
                #expect(abs(Double(p[c]) - want[c]) <= 1.01, "\(filter) \(parameters) channel \(c) on \(renderer.name)")
            }
            #expect(p[3] == 255)
        }
    }

    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.2126 * r + 0.7152 * g + 0.0722 * b }

    @Test func sepiaAtFullIntensityIsTheSepiaMatrix() throws {
        try check("CISepiaTone", ["inputIntensity": .number(1)]) { r, g, b in
            (0.393 * r + 0.769 * g + 0.189 * b, 0.349 * r + 0.686 * g + 0.168 * b, 0.272 * r + 0.534 * g + 0.131 * b)
        }
        try check("CISepiaTone", ["inputIntensity": .number(0.5)]) { r, g, b in
            (
                0.5 * r + 0.5 * (0.393 * r + 0.769 * g + 0.189 * b),
                0.5 * g + 0.5 * (0.349 * r + 0.686 * g + 0.168 * b),
                0.5 * b + 0.5 * (0.272 * r + 0.534 * g + 0.131 * b)
            )
        }
    }

    /// A half turn of a luma-preserving hue rotation reflects each component through the luma: 2Y − c.
    @Test func hueHalfTurnReflectsThroughLuma() throws {
        try check("CIHueAdjust", ["inputAngle": .number(Double.pi)]) { r, g, b in
            let y = Self.luma(r, g, b)
            return (2 * y - r, 2 * y - g, 2 * y - b)
        }
        try check("CIHueAdjust", ["inputAngle": .number(2 * Double.pi)]) { r, g, b in (r, g, b) }
    }

    @Test func colorControls() throws {
        try check("CIColorControls", ["inputSaturation": .number(0)]) { r, g, b in
            let y = Self.luma(r, g, b)
            return (y, y, y)
        }
        try check("CIColorControls", ["inputBrightness": .number(0.1)]) { r, g, b in (r + 0.1, g + 0.1, b + 0.1) }
        try check("CIColorControls", ["inputContrast": .number(1.5)]) { r, g, b in
            ((r - 0.5) * 1.5 + 0.5, (g - 0.5) * 1.5 + 0.5, (b - 0.5) * 1.5 + 0.5)
        }
    }

    @Test func exposureDoublesLinearLightPerStop() throws {
        try check("CIExposureAdjust", ["inputEV": .number(1)]) { r, g, b in (2 * r, 2 * g, 2 * b) }
        try check("CIExposureAdjust", ["inputEV": .number(-2)]) { r, g, b in (r / 4, g / 4, b / 4) }
    }

    @Test func colorInvertOnStraightLinearColour() throws {
        try check("CIColorInvert", [:]) { r, g, b in (1 - r, 1 - g, 1 - b) }
    }
}
