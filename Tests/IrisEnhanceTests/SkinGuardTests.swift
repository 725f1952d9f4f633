import Foundation
import IrisCore
import IrisCPU
import IrisDetect
@testable import IrisEnhance
import Testing

/// A portrait with natural skin in front of a warm backdrop: both white-balance estimates read the backdrop as
/// warm light, and the face says the light is white.
@Suite struct SkinGuardTests {
    let context = Context(renderer: CPURenderer())
    static let face = RedPupilTests.face((Point(x: 60.5, y: 70.5), Point(x: 100.5, y: 70.5)))

    /// Skin at the natural skin hue (CIFaceBalance's own), as sRGB, at perceptual luma 0.72.
    static let naturalSkin: SIMD3<Double> = {
        let perceptual = YIQ.rgb(SIMD3(0.72, YIQ.naturalSkin.i, YIQ.naturalSkin.q))
        let e = { (p: Double) in TestPictures.encoded(p * p) }
        return SIMD3(e(perceptual.x), e(perceptual.y), e(perceptual.z))
    }()

    /// A warm backdrop: light grey under a 4,000 K lamp, brighter than the skin, which both estimates read as
    /// the lamp's light.
    static let warmBackdrop: SIMD3<Double> = {
        let lamp = LightLocusTests.blackBody(4000) / LightLocusTests.blackBody(4000).max()
        let grey = TestPictures.linear(0.93)
        return SIMD3(
            TestPictures.encoded(grey * lamp.x), TestPictures.encoded(grey * lamp.y),
            TestPictures.encoded(grey * lamp.z))
    }()

    /// `light` multiplies every linear colour (a von Kries cast); the skin fills the face's middle.
    static func portrait(backdrop tint: SIMD3<Double> = warmBackdrop, light: SIMD3<Double> = SIMD3(1, 1, 1))
        -> Image
    {
        TestPictures.picture(width: RedPupilTests.width, height: RedPupilTests.height) { x, row in
            let dx = Double(x) + 0.5 - 80.5, dy = Double(RedPupilTests.height - row) - 0.5 - 60
            let backdrop = tint * (0.75 + 0.25 * Double(x) / Double(RedPupilTests.width))
            let colour = dx * dx + dy * dy < 40 * 40 ? naturalSkin : backdrop
            return SIMD3(
                TestPictures.encoded(TestPictures.linear(colour.x) * light.x),
                TestPictures.encoded(TestPictures.linear(colour.y) * light.y),
                TestPictures.encoded(TestPictures.linear(colour.z) * light.z))
        }
    }

    func names(_ picture: Image, faces: [FaceFeature]) throws -> [String] {
        try picture.autoAdjustmentFilters(
            options: AutoAdjustmentOptions(redEye: false, features: faces, context: context)
        )
        .map(\.name)
    }

    @Test func naturalSkinKeepsAWarmBackdropWarm() throws {
        let picture = Self.portrait()
        // Without the face, the backdrop reads as warm light and is balanced away.
        #expect(try names(picture, faces: []).contains("CIWhitePointAdjust"))
        #expect(try !names(picture, faces: [Self.face]).contains("CIWhitePointAdjust"))
    }

    /// A portrait on a grey backdrop under cool light (9,000 K): the white balance brings the skin back
    /// towards natural, so it stays.
    @Test func skinUnderACastLetsTheWhiteBalanceWork() throws {
        let light = LightLocusTests.blackBody(9000) / LightLocusTests.blackBody(9000).max()
        let picture = Self.portrait(backdrop: SIMD3(0.8, 0.8, 0.8), light: light)
        let view = try AnalysisView.render(
            picture, area: picture.extent, longSide: 256, averaging: true, context: context)
        let balance = WhiteBalanceAnalysis(view)
        #expect(balance.isCast)
        let gains = SIMD3<Float>(balance.gains)
        let balanced = view.map { $0 * gains }
        let before = try #require(SkinToneAnalysis(view, faces: [Self.face]))
        let after = try #require(SkinToneAnalysis(balanced, faces: [Self.face]))
        #expect(after.offNaturalDegrees < before.offNaturalDegrees)
        #expect(try names(picture, faces: [Self.face]).contains("CIWhitePointAdjust"))
    }

    /// The rule on the skin's hue (degrees from natural, signed): skin already natural may be moved towards
    /// natural, and across it by at most `overshootDegrees`, but not swung to the other side or further
    /// away; skin off by more than the tolerance keeps any balance.
    @Test func naturalSkinIsNotSwungPastTheNaturalHue() {
        #expect(SkinGuard.keeps(before: 10, after: 3))
        #expect(SkinGuard.keeps(before: -6, after: 1.5))
        #expect(!SkinGuard.keeps(before: 6.3, after: -5.1))
        #expect(!SkinGuard.keeps(before: -4, after: -6))
        #expect(SkinGuard.keeps(before: 25, after: -20))
    }

    /// A balance so strong that the face's pixels no longer look like skin at all (blue × 3 in linear light
    /// turns natural skin purple) is dropped for natural skin and kept for skin that was already off.
    @Test func aBalanceThatTakesNaturalSkinOutOfSkinColoursIsDropped() throws {
        let natural = Self.portrait(backdrop: SIMD3(0.8, 0.8, 0.8))
        let view = try AnalysisView.render(
            natural, area: natural.extent, longSide: 256, averaging: true, context: context)
        let purple = view.map { $0 * SIMD3(1, 1, 3) }
        #expect(SkinToneAnalysis(view, faces: [Self.face]) != nil)
        #expect(SkinToneAnalysis(purple, faces: [Self.face]) == nil)
        #expect(!SkinGuard.keepsWhiteBalance(before: view, after: purple, faces: [Self.face]))
        // Skin under a strong cool cast (off natural by more than the tolerance) keeps the same balance.
        let cool = view.map { $0 * SIMD3(0.75, 0.95, 1.15) }
        let coolSkin = try #require(SkinToneAnalysis(cool, faces: [Self.face]))
        #expect(coolSkin.offNaturalDegrees > SkinToneAnalysis.toleranceDegrees)
        #expect(SkinGuard.keepsWhiteBalance(before: cool, after: cool.map { $0 * SIMD3(1, 1, 3) }, faces: [Self.face]))
    }
}
