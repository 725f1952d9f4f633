import Foundation
import IrisCPU
import IrisCore
import Testing

@testable import IrisEnhance

/// The tone rule's filters draw the rule at every 8-bit input: a grey ramp holding every code, rendered
/// through the printed filters on the CPU renderer, against the rule's arithmetic done here on sRGB values
/// (for levels, ImageMagick's `-auto-level`: (v − black) / (white − black)). Exact means every output byte
/// is the exact value rounded, up to a hair's float error at a tie.
struct ToneFiltersTests {
    let context = Context(renderer: CPURenderer())

    /// A 256×1 grey ramp, code x at column x.
    static let ramp = TestPictures.picture(width: 256, height: 1) { x, _ in SIMD3(repeating: Double(x) / 255) }

    /// The ramp through `tone`'s filters against `expected` (sRGB 0…1 for each input code, clamped): the worst
    /// distance in code values from the exact value, which rounding alone makes 0.5.
    func worstDistance(_ tone: AutoAdjustment.Tone, _ expected: (Double) -> Double) throws -> Double {
        let out = try context.render(
            try Self.ramp.applyingFilters(AutoAdjustment(tone: tone).filters), rect: Self.ramp.extent)
        var worst = 0.0
        for code in 0..<256 {
            let got = out.rgba(x: code, row: 0)
            #expect(got.x == got.y && got.y == got.z)
            worst = max(worst, abs(Double(got.x) - 255 * min(1, max(0, expected(Double(code) / 255)))))
        }
        return worst
    }

    /// A hair over rounding's half a code value: float arithmetic and the values' rounding to 1/10000.
    static let exact = 0.52

    /// Flat pictures' black and white levels (the enhance set's flat-contrast range and a hazy one): levels in
    /// sRGB values, exact. Five CIToneCurve points, fitted, missed them by up to a code value near black.
    @Test(arguments: [(0.2, 0.8), (0.25, 0.75), (0.15, 0.85), (0.1, 1.0)])
    func levelsAreExact(black: Double, white: Double) throws {
        let tone = AutoAdjustment.Tone(black: black, white: white)
        #expect(
            AutoAdjustment(tone: tone).filters.map(\.name) == [
                "CILinearToSRGBToneCurve", "CIColorMatrix", "CISRGBToneCurveToLinear"
            ])
        let worst = try worstDistance(tone) { ($0 - black) / (white - black) }
        #expect(worst <= Self.exact, "\(worst)")
    }

    /// A gamma after levels (an over-exposed picture) and an exposure followed by levels to white (a picture
    /// between far and a little short of white) follow the rule as exactly.
    @Test func gammaAndExposureWithLevelsAreExact() throws {
        let bright = AutoAdjustment.Tone(black: 0.1, white: 1, gamma: 1.6)
        #expect(AutoAdjustment(tone: bright).filters.map(\.name).contains("CIGammaAdjust"))
        let gamma = try worstDistance(bright) { pow(max(0, ($0 - 0.1) / 0.9), 1.6) }
        #expect(gamma <= Self.exact, "\(gamma)")
        let gain = 1.8, white = TestPictures.encoded(TestPictures.linear(0.75) * gain)
        let blend = AutoAdjustment.Tone(exposure: gain, white: white)
        #expect(AutoAdjustment(tone: blend).filters.first?.name == "CIExposureAdjust")
        let levelled = try worstDistance(blend) { TestPictures.encoded(min(1, TestPictures.linear($0) * gain)) / white }
        #expect(levelled <= Self.exact, "\(levelled)")
    }

    /// An exposure alone is a straight line in CIToneCurve's perceptual space: it stays Core Image's
    /// CIToneCurve, through points sampled on the rule, and lands as exactly.
    @Test func anExposureAloneIsAToneCurve() throws {
        let tone = AutoAdjustment.Tone(exposure: 2.5)
        #expect(AutoAdjustment(tone: tone).filters.map(\.name) == ["CIToneCurve"])
        let worst = try worstDistance(tone) { TestPictures.encoded(min(1, TestPictures.linear($0) * 2.5)) }
        #expect(worst <= Self.exact, "\(worst)")
    }

    /// On a camera frame every tone chain bakes into one colour cube, so live video renders it by lookup and
    /// not by its kernels: levels from blacks 0.05…0.3 to whites 0.8…1, with and without a gamma, and after an
    /// exposure. A CIColorClamp inside the chain (clipping at black before the output does) put a corner
    /// between the cube's grid points that no cube size followed within tolerance: 110 of these 312 chains
    /// stayed unbaked.
    @Test func everyToneChainBakesIntoACube() throws {
        var frame = PixelBuffer(width: 64, height: 48, format: .nv12)
        for p in frame.planes.indices {
            for i in frame.planes[p].bytes.indices {
                frame.planes[p].bytes[i] = UInt8(p == 0 ? 16 + i % 220 : 96 + i % 64)
            }
        }
        var options = Context.Options()
        options.colorCubes = true
        options.bakedCubes = nil
        let context = Context(renderer: CPURenderer(), options: options)
        var unbaked: [AutoAdjustment.Tone] = []
        for exposure in [1.0, 1.6] {
            for gamma in [1.0, 1.7] {
                for white in [0.8, 0.9, 1.0] {
                    for step in 0...25 {
                        let black = exposure == 1 ? 0.05 + Double(step) * 0.01 : 0
                        let tone = AutoAdjustment.Tone(exposure: exposure, black: black, white: white, gamma: gamma)
                        let image = try Image(frame: Frame(buffer: frame, colorimetry: .default))
                            .applyingFilters(AutoAdjustment(tone: tone).filters)
                        if try context.planAndRenderer(image).0.lookupNodes.count != 1 { unbaked.append(tone) }
                    }
                }
            }
        }
        #expect(unbaked.isEmpty, "\(unbaked)")
    }
}
