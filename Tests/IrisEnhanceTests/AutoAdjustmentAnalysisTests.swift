import IrisCore
@testable import IrisFilters
import IrisCPU
import IrisDetect
@testable import IrisEnhance
import Testing

/// The analysis on hand-made pictures whose right answer is known.
@Suite struct AutoAdjustmentAnalysisTests {
    let context = Context(renderer: CPURenderer())

    /// Renders `image` and returns the sRGB colour (0…1) of pixel (x, row).
    func colour(_ image: Image, x: Int, row: Int) throws -> SIMD3<Double> {
        let buffer = try context.render(image, rect: image.extent)
        let p = buffer.rgba(x: x, row: row)
        return SIMD3(Double(p.x), Double(p.y), Double(p.z)) / 255
    }

    /// A grey card lit by warm and by cool light (each pixel's linear colour times the light's, an independent
    /// von Kries cast) comes back towards grey: the white balance removes the cast but for its soft threshold
    /// (15 % of gain), so the card's saturation (C*/L*: the tone curve may brighten it, which scales C* with
    /// L*) falls below 60 % of what it was, from a strong cast (about 3000 K and 10000 K; C* above 8), and its
    /// C* ends below 8, what a 15 % gain leaves.
    @Test(arguments: [SIMD3<Double>(1.0, 0.7, 0.42), SIMD3<Double>(0.5, 0.75, 1.0)])
    func aGreyCardUnderACastComesBackGrey(light: SIMD3<Double>) throws {
        let scene = TestPictures.scene()
        let cast = TestPictures.lit(scene, by: light)
        let before = TestPictures.lab(try colour(cast, x: 60, row: 45))
        #expect((before.y * before.y + before.z * before.z).squareRoot() > 8)
        let filters = try cast.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context))
        #expect(filters.map(\.name).contains("CIWhitePointAdjust"))
        let after = TestPictures.lab(try colour(cast.applyingFilters(filters), x: 60, row: 45))
        let saturation = { (lab: SIMD3<Double>) in (lab.y * lab.y + lab.z * lab.z).squareRoot() / lab.x }
        #expect((after.y * after.y + after.z * after.z).squareRoot() < 8)
        #expect(
            saturation(after) < 0.6 * saturation(before), "Lab of the card: \(after), filters \(filters.map(\.text))")
    }

    /// A scene under two lights, as at dusk: the patches and the grey card in its upper half lit by a warm light
    /// (about 3,000 K), the grey ground of its lower half in shadow, lit by the blue sky (a sixth of the light,
    /// about 10,000 K). The highlights and the grey card read warm, but the shadows lean to blue, so no white
    /// balance is applied: the sunset stays warm. The same scene with its ground lit by the same warm light is
    /// one cast and is balanced. Both again behind a veil (sRGB values mapped to 0.2 + 0.6 v, a flat
    /// picture), whose grey would hide the shadows' blue.
    @Test(arguments: [true, false], [false, true])
    func aSceneUnderTwoLightsIsNotBalanced(shadowsLitBySky: Bool, veiled: Bool) throws {
        let scene = TestPictures.scene()
        let sun = SIMD3<Double>(1.0, 0.7, 0.42), sky = SIMD3<Double>(0.5, 0.75, 1.0) / 6
        let picture = TestPictures.picture(width: 120, height: 90) { x, row in
            let light = row < 45 ? sun : shadowsLitBySky ? sky : sun / 6
            let c = row < 45 ? scene(x, row) : SIMD3(repeating: 0.3 + 0.4 * Double(x) / 119)
            let lit = SIMD3(
                TestPictures.encoded(TestPictures.linear(c.x) * light.x),
                TestPictures.encoded(TestPictures.linear(c.y) * light.y),
                TestPictures.encoded(TestPictures.linear(c.z) * light.z))
            return veiled ? 0.2 + 0.6 * lit : lit
        }
        let names = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context))
            .map(\.name)
        #expect(names.contains("CIWhitePointAdjust") == !shadowsLitBySky, "\(names)")
    }

    /// The white patch is the brightest pixels by luma, not each component's brightest: a saturated red that
    /// fills most of the picture (a dress) is not read as red light while the white wall beside it is white.
    /// Each component's 99th percentile would have given red 0.9 against green 0.8.
    @Test func theWhitePatchIsTheBrightestByLumaNotEachComponentsBrightest() {
        let dress = [SIMD3<Float>](repeating: SIMD3(0.9, 0.05, 0.05), count: 950)
        let wall = [SIMD3<Float>](repeating: SIMD3(0.8, 0.8, 0.8), count: 30)
        let shadow = [SIMD3<Float>](repeating: SIMD3(0.1, 0.1, 0.1), count: 20)
        let white = WhiteBalanceAnalysis.brightestMean(dress + wall + shadow)
        #expect(abs(white.x - 0.8) < 1e-6 && abs(white.y - 0.8) < 1e-6 && abs(white.z - 0.8) < 1e-6, "\(white)")
    }

    /// A neutral, well exposed picture is left alone: no filter at all.
    @Test func aGoodPictureGetsNoFilters() throws {
        let scene = TestPictures.scene()
        let picture = TestPictures.picture(width: 120, height: 90) { x, row in
            // Full range: a black and a white strip beside the patches.
            x < 4 ? SIMD3(0.02, 0.02, 0.02) : x >= 116 ? SIMD3(0.99, 0.99, 0.99) : scene(x, row)
        }
        let filters = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context))
        #expect(filters.isEmpty, "\(filters.map(\.text))")
    }

    /// An under-exposed picture (its white at sRGB 0.55, black still black) is brightened by the exposure that
    /// brings its white back: white near white, black black, the middle much brighter.
    @Test func anUnderExposedPictureIsBrightened() throws {
        let picture = TestPictures.picture(width: 100, height: 40) { x, _ in SIMD3(repeating: 0.55 * Double(x) / 99) }
        let filters = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context))
        #expect(filters.map(\.name) == ["CIToneCurve"])
        let out = try picture.applyingFilters(filters)
        #expect(try colour(out, x: 99, row: 20).x > 0.95)
        #expect(try colour(out, x: 0, row: 20).x < 0.02)
        let middleBefore = try colour(picture, x: 50, row: 20).x, middleAfter = try colour(out, x: 50, row: 20).x
        #expect(middleAfter > middleBefore + 0.15)
    }

    /// A picture a little short of white (a ramp from black to sRGB 0.8) is stretched as levels: its white
    /// becomes white and every value is scaled by 1 / 0.8 in sRGB, within 1.5 levels; an exposure's gain
    /// (linear × 1 / linear(0.8)) would have lifted the shadows (sRGB 0.1) 3 levels more.
    @Test func aPictureALittleShortOfWhiteGetsLevels() throws {
        let picture = TestPictures.picture(width: 100, height: 40) { x, _ in SIMD3(repeating: 0.8 * Double(x) / 99) }
        let filters = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context))
        #expect(
            filters.map(\.name) == [
                "CILinearToSRGBToneCurve", "CIColorMatrix", "CISRGBToneCurveToLinear"
            ])
        let out = try picture.applyingFilters(filters)
        for x in [6, 12, 25, 50, 75, 99] {
            let before = try colour(picture, x: x, row: 20).x, after = try colour(out, x: x, row: 20).x
            #expect(abs(after - min(1, before / 0.8)) < 1.5 / 255, "x \(x): \(before) → \(after)")
        }
        let shadow = try colour(picture, x: 12, row: 20).x
        let exposed = TestPictures.encoded(TestPictures.linear(shadow) / TestPictures.linear(0.8))
        #expect(try colour(out, x: 12, row: 20).x < exposed - 1.5 / 255)
    }

    /// A picture whose blue channel alone stops short of white (its red and green reach it) was exposed right:
    /// no tone curve, whatever the white balance does to its largest component.
    @Test func aPictureThatReachedWhiteInOneChannelIsNotBrightened() throws {
        let picture = TestPictures.picture(width: 100, height: 40) { x, _ in
            let v = Double(x) / 99
            return SIMD3(v, v, 0.85 * v)
        }
        let filters = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context))
        #expect(!TestPictures.hasToneStep(filters), "\(filters.map(\.text))")
    }

    /// A nearly black picture (a fade, a covered lens) is brightened by +2 EV at most: its white (sRGB 0.3,
    /// linear 0.073) ends at linear 4 × 0.073, sRGB 0.55, within a level or two.
    @Test func exposureIsHeldToTwoStops() throws {
        let picture = TestPictures.picture(width: 100, height: 40) { x, _ in SIMD3(repeating: 0.3 * Double(x) / 99) }
        let out = try picture.applyingFilters(
            picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: context)))
        let white = try colour(out, x: 99, row: 20).x
        #expect(abs(white - TestPictures.encoded(4 * TestPictures.linear(0.3))) < 2.5 / 255, "white ends at \(white)")
    }

    /// A picture with no faces gets no face balance and no red-eye repair, even with red in it (the decision
    /// is the eyes', found by the face detector, which finds none here).
    @Test func noFacesMeansNoFaceBalanceAndNoRedEye() throws {
        let picture = TestPictures.picture(width: 96, height: 72) { x, row in
            let dx = Double(x - 48), dy = Double(row - 36)
            return dx * dx + dy * dy < 36 ? SIMD3(0.8, 0.1, 0.1) : SIMD3(0.85, 0.65, 0.55)
        }
        let names = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(context: context)).map(\.name)
        #expect(!names.contains("CIFaceBalance") && !names.contains("CIRedEyeCorrection"))
    }

    /// A renderer that refuses the analysis's render (its limit is far below the picture) is a typed error
    /// that says the render failed, not a crash or an empty analysis.
    @Test func aRefusedRenderIsATypedError() throws {
        var options = Context.Options()
        options.limits = RenderLimits(megapixels: 0.0001, mebibytes: nil)
        let tight = Context(renderer: CPURenderer(), options: options)
        let picture = TestPictures.picture(width: 120, height: 90) { _, _ in SIMD3(0.4, 0.4, 0.4) }
        do {
            _ = try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(features: [], context: tight))
            Issue.record("the analysis rendered past the context's limit")
        } catch {
            guard case .renderFailed(let cause) = error else {
                Issue.record("got \(error)")
                return
            }
            // The renderer's refusal is kept as it was thrown: the plan over the context's limit.
            #expect(cause.error is PlanError, "\(cause)")
        }
    }

    @Test func badInputsAreTypedErrors() throws {
        let empty = Image(buffer: PixelBuffer(width: 0, height: 0, format: .rgba8))
        #expect(throws: AutoAdjustmentError.noPixels(extent: "\(empty.extent)")) { try empty.autoAdjustmentFilters() }
        let endless = Image(color: SIMD4(1, 0, 0, 1))
        #expect(throws: AutoAdjustmentError.noPixels(extent: "\(endless.extent)")) {
            try endless.autoAdjustmentFilters()
        }
        let picture = TestPictures.picture(width: 8, height: 8) { _, _ in SIMD3(0.5, 0.5, 0.5) }
        #expect(
            throws: AutoAdjustmentError.invalidOption(name: "amount", value: "nan", expected: "a number from 0 to 1")
        ) {
            try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(amount: .nan))
        }
        #expect(
            throws: AutoAdjustmentError.invalidOption(name: "amount", value: "1.5", expected: "a number from 0 to 1")
        ) {
            try picture.autoAdjustmentFilters(options: AutoAdjustmentOptions(amount: 1.5))
        }
    }
}
