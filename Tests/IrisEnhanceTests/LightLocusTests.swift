import Foundation
import IrisCPU
import IrisCore
import IrisFilters
import Testing

@testable import IrisEnhance

/// The white balance corrects lights a lamp or the sky can give (black bodies, as a camera balanced for
/// 6,500 K sees them) and leaves the rest, a green or magenta "light" that a backdrop of one colour fakes.
struct LightLocusTests {
    let context = Context(renderer: CPURenderer())

    /// A black body's light relative to 6,500 K, as the analysis sees a camera balanced for 6,500 K.
    static func blackBody(_ temperature: Double) -> SIMD3<Double> {
        BlackBodyLight.linearRGB(temperature: temperature) / BlackBodyLight.linearRGB(temperature: 6500)
    }

    @Test(arguments: [2700.0, 3000, 4500, 6500, 9000, 14000])
    func blackBodiesStayAsTheyAre(temperature: Double) {
        let light = Self.blackBody(temperature)
        let kept = LightLocus.constrained(light)
        #expect(abs(log(kept.x / light.x)) < 0.005 && abs(log(kept.z / light.z)) < 0.005, "\(light) → \(kept)")
    }

    /// Green and magenta lights lie far from the locus: only `tolerance` of that distance is kept, so the
    /// light kept is a point near the locus, where keeping it again changes nothing.
    @Test(arguments: [SIMD3<Double>(0.7, 1, 0.7), SIMD3<Double>(1.4, 1, 1.4)])
    func offLocusLightsKeepOnlyTheTolerance(light: SIMD3<Double>) {
        let kept = LightLocus.constrained(light)
        let moved = SIMD2(log(kept.x / light.x), log(kept.z / light.z))
        #expect((moved * moved).sum().squareRoot() > 0.3, "\(light) → \(kept)")
        let again = LightLocus.constrained(kept)
        #expect(abs(again.x - kept.x) < 1e-9 && abs(again.z - kept.z) < 1e-9)
    }

    /// The grey-card scene under a 3,000 K lamp is balanced as its estimate says; under a green light (red and
    /// blue × 0.6) the estimate asks for a magenta correction (red and blue both up by more than 30 %); the gains
    /// applied are no magenta correction and stay within 15 % of 1 (what lies along the locus of a green light's
    /// estimate is a slight warmth).
    @Test func aLampIsCorrectedAndAGreenLightIsNot() throws {
        let scene = TestPictures.scene()
        func gains(under light: SIMD3<Double>) throws -> WhiteBalanceAnalysis {
            let picture = TestPictures.lit(scene, by: light)
            let view = try AnalysisView.render(
                picture, area: picture.extent, longSide: 120, averaging: true, context: context)
            return WhiteBalanceAnalysis(view)
        }
        let lamp = try gains(under: Self.blackBody(3000) / Self.blackBody(3000).max())
        #expect(lamp.gains.z > 1.5, "\(lamp.gains)")
        #expect(abs(log(lamp.gains.x / lamp.estimatedGains.x)) < 0.02, "\(lamp.gains) \(lamp.estimatedGains)")
        #expect(abs(log(lamp.gains.z / lamp.estimatedGains.z)) < 0.02, "\(lamp.gains) \(lamp.estimatedGains)")
        let green = try gains(under: SIMD3(0.6, 1, 0.6))
        #expect(green.estimatedGains.x > 1.3 && green.estimatedGains.z > 1.3, "\(green.estimatedGains)")
        #expect(abs(log(green.gains.x)) < 0.15 && abs(log(green.gains.z)) < 0.15, "\(green.gains)")
        #expect(!(green.gains.x > 1.05 && green.gains.z > 1.05), "\(green.gains)")
    }
}
