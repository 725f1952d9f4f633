import Foundation
import IrisCPU
import IrisCore
import Testing

@testable import IrisEnhance

/// The tone rule's CIToneCurve follows the rule at every 8-bit input: a picture holding every code, levelled
/// by the printed CIToneCurve on the CPU renderer, against ImageMagick's `-auto-level` arithmetic done here
/// ((v − black) / (white − black), rounded).
struct ToneCurveFitTests {
    let context = Context(renderer: CPURenderer())

    /// A 256×1 grey ramp, code x at column x.
    static let ramp = TestPictures.picture(width: 256, height: 1) { x, _ in SIMD3(repeating: Double(x) / 255) }

    /// Flat pictures' black and white levels (the enhance set's flat-contrast range and a hazy one). The points
    /// sampled on the rule alone leave inputs just above black 2 code values off.
    @Test(arguments: [(0.2, 0.8), (0.25, 0.75), (0.15, 0.85), (0.1, 1.0)])
    func levelsLandWithinACodeValueOfExact(black: Double, white: Double) throws {
        let tone = AutoAdjustment.Tone(exposure: 1, black: black, white: white, gamma: 1)
        let chain = AutoAdjustment(tone: tone).filters
        #expect(chain.map(\.name) == ["CIToneCurve"])
        let out = try context.render(try Self.ramp.applyingFilters(chain), rect: Self.ramp.extent)
        var worst = 0.0, sum = 0.0
        for code in 0..<256 {
            let want = TestPictures.byte((Double(code) / 255 - black) / (white - black))
            let got = out.rgba(x: code, row: 0)
            let error = abs(Double(got.x) - Double(want))
            worst = max(worst, error)
            sum += error
            #expect(got.x == got.y && got.y == got.z)
        }
        #expect(worst <= 1, "worst \(worst) code values")
        #expect(sum / 256 < 0.3, "mean \(sum / 256) code values")
    }

    /// The fit's cost for the printed points against the points sampled on the rule: a levels curve's corner at
    /// black needs the fit; exposure alone is a straight line, exact without one.
    @Test func theFitIsCloserThanTheSampledPointsAndExposureIsUntouched() {
        let levels = ToneAnalysis(AutoAdjustment.Tone(exposure: 1, black: 0.2, white: 0.8, gamma: 1))
        let fit = ToneCurveFit(levels)
        #expect(fit.cost(levels.points()) < 0.6 * fit.cost(levels.sampledPoints()))
        let exposure = ToneAnalysis(AutoAdjustment.Tone(exposure: 2.5, black: 0, white: 1, gamma: 1))
        let sampled = exposure.sampledPoints().map { (AutoAdjustment.rounded($0.0), AutoAdjustment.rounded($0.1)) }
        #expect(exposure.points().map(\.0) == sampled.map(\.0) && exposure.points().map(\.1) == sampled.map(\.1))
        #expect(ToneCurveFit(exposure).cost(exposure.points()) < 0.1)
    }

    /// The downhill simplex finds a known minimum.
    @Test func theSimplexFindsAKnownMinimum() {
        let best = NelderMead.minimise(start: [0, 0, 0], steps: [0.5, 0.5, 0.5]) { v in
            (v[0] - 1) * (v[0] - 1) + 2 * (v[1] + 2) * (v[1] + 2) + (v[2] - 0.5) * (v[2] - 0.5) * 3
        }
        #expect(abs(best[0] - 1) < 1e-3 && abs(best[1] + 2) < 1e-3 && abs(best[2] - 0.5) < 1e-3, "\(best)")
    }
}
