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

    /// A light beside the locus (a 3,000 K lamp with a green or magenta tint of 0.15, less than its distance
    /// from white along the locus) keeps only `tolerance` of what lies off the locus, so the light kept is a
    /// point near the locus, where keeping it again changes nothing.
    @Test(arguments: [0.15, -0.15])
    func tintedLampsKeepOnlyTheTolerance(tint: Double) {
        let lamp = Self.blackBody(3000)
        let light = SIMD3(lamp.x * exp(tint), lamp.y, lamp.z * exp(tint))
        let kept = LightLocus.constrained(light)
        let moved = SIMD2(log(kept.x / light.x), log(kept.z / light.z))
        #expect(abs((moved * moved).sum().squareRoot() - (0.15 * 2.0.squareRoot() - LightLocus.tolerance)) < 0.08)
        #expect(abs(log(kept.z / kept.x) - log(lamp.z / lamp.x)) < 0.1, "\(light) → \(kept)")
        let again = LightLocus.constrained(kept)
        #expect(abs(again.x - kept.x) < 1e-9 && abs(again.z - kept.z) < 1e-9)
    }

    /// Green and magenta lights lie further off the locus than along it: no light is corrected.
    @Test(arguments: [SIMD3<Double>(0.7, 1, 0.7), SIMD3<Double>(1.4, 1, 1.4)])
    func lightsMostlyOffTheLocusAreWhite(light: SIMD3<Double>) {
        #expect(LightLocus.constrained(light) == SIMD3(1, 1, 1), "\(light)")
    }

    /// The grey-card scene under a 3,000 K lamp is balanced as its estimate says; under a green light (red and
    /// blue × 0.6) the estimate asks for a magenta correction (red and blue both up by more than 30 %), which lies
    /// further off the locus than along it: nothing is corrected.
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
        #expect(green.gains == SIMD3(1, 1, 1) && !green.isCast, "\(green.gains)")
    }
}
