import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The filters auto-adjustment chooses that Iris adds (CIRedEyeCorrection, CIFaceBalance): their Swift bodies
/// on hand-made pictures against values worked out here from the formulas in their doc comments.
@Suite(.serialized) struct FiltersAutoAdjustKernelTests {
    private typealias S = FiltersTestSupport

    /// The kernel on top of `image` when it is the one named (the test sources are kernels too).
    private static func topKernel(_ image: Image, named name: String) -> Kernel? {
        guard case let .kernel(application) = image.node, application.kernel.name == name else { return nil }
        return application.kernel
    }

    // MARK: CIRedEyeCorrection

    /// An opaque working-space pixel from sRGB bytes.
    private static func linear(_ r: Int, _ g: Int, _ b: Int) -> SIMD4<Float> {
        SIMD4(
            TransferFunction.sRGBToLinear(Float(r) / 255), TransferFunction.sRGBToLinear(Float(g) / 255),
            TransferFunction.sRGBToLinear(Float(b) / 255), 1)
    }

    static let red = linear(200, 30, 35), skin = linear(225, 170, 140), brown = linear(110, 70, 40)
    static let glint = SIMD4<Float>(1, 1, 1, 1)
    static let size = 32
    /// The pupil's centre: the middle of pixel (16, 16), which holds the glint.
    static let centre = SIMD2<Float>(16.5, 16.5)
    static let pupilRadius: Float = 3, irisRadius: Float = 5.5

    enum Part { case pupil, glint, iris, skin }

    /// Which part of the eye pixel (x, y) (bottom-left origin) shows.
    static func part(_ x: Int, _ y: Int) -> Part {
        let d = SIMD2(Float(x) + 0.5, Float(y) + 0.5) - centre
        let r = (d.x * d.x + d.y * d.y).squareRoot()
        return r == 0 ? .glint : r <= pupilRadius ? .pupil : r <= irisRadius ? .iris : .skin
    }

    static func colour(_ part: Part) -> SIMD4<Float> {
        switch part {
        case .pupil: return red
        case .glint: return glint
        case .iris: return brown
        case .skin: return skin
        }
    }

    /// Skin with a brown iris, a red pupil and a white glint in its middle.
    static var eyePicture: Image {
        S.image((0..<size).map { row in (0..<size).map { x in colour(part(x, size - 1 - row)) } })
    }

    static var pixelCentres: [SIMD2<Float>] {
        (0..<size).flatMap { y in (0..<size).map { x in SIMD2(Float(x) + 0.5, Float(y) + 0.5) } }
    }

    private func redEye(_ info: [Double]) throws(FilterError) -> Image {
        try Self.eyePicture.applyingFilter("CIRedEyeCorrection", parameters: ["inputCorrectionInfo": .vector(info)])
    }

    private static func perceptualRedness(_ c: SIMD4<Float>) -> Float {
        let r = c.x.squareRoot(), g = c.y.squareRoot(), b = c.z.squareRoot()
        return (r - max(g, b)) / max(r, 1e-4)
    }

    @Test func redPupilTurnsDarkGreyAndEverythingElseKeepsItsBits() throws {
        let points = Self.pixelCentres
        let before = S.evaluate(Self.eyePicture, at: points)
        let after = S.evaluate(try redEye([16.5, 16.5, 3, 30]), at: points)
        var pupils = 0
        for (i, p) in points.enumerated() {
            let part = Self.part(Int(p.x), Int(p.y))
            if part == .pupil {
                pupils += 1
                #expect(Self.perceptualRedness(after[i]) < 0.2, "pupil pixel \(p) is still red: \(after[i])")
                #expect(
                    WorkingSpaceLuma.luma(after[i]) < WorkingSpaceLuma.luma(before[i]), "pupil pixel \(p) is not darker"
                )
                #expect(after[i].w == 1)
            } else {
                #expect(after[i] == before[i], "\(part) pixel \(p) changed")
            }
        }
        #expect(pupils > 20)

        // By hand, for a pupil pixel at distance 1 (inside the radius, so radial = 1): sRGB (200, 30, 35) has
        // CIE a* 63.2 (Lab 43.3, 63.2, 42.7), above the eye's 30 + 3, and p.r = √0.577580 = 0.759987 > 0.12, so
        // w = 1; linear (0.577580, 0.012983, 0.016807) is p = (0.759987, 0.113943, 0.129642) and every
        // component becomes q² with q = 0.8 · (0.113943 + 0.129642) / 2 = 0.097434: 0.0094934.
        let pg = Self.red.y.squareRoot(), pb = Self.red.z.squareRoot()
        let q = 0.8 * (pg + pb) / 2
        #expect(abs(q - 0.097434) <= 1e-5)
        let index = 16 * Self.size + 17
        #expect(Self.part(17, 16) == .pupil)
        S.assertClose(after[index], SIMD4(q * q, q * q, q * q, 1), accuracy: 1e-6)
    }

    @Test func fadesBetweenOneAndOneAndAHalfRadii() throws {
        // Radius 2: the pupil pixels at distance 2.5 and 3 lie at d = 1.25 and 1.5 (radial ½ and 0).
        let out = try redEye([16.5, 16.5, 2, 30])
        let pixels = Array(repeating: Self.red, count: 3)
        let coords: [SIMD2<Float>] = [SIMD2(16.5 + 2.5, 16.5), SIMD2(16.5 + 3, 16.5), SIMD2(16.5, 16.5 + 1)]
        let result = S.runColorKernel(of: out, on: pixels, coords: coords)
        let p = SIMD3(Self.red.x.squareRoot(), Self.red.y.squareRoot(), Self.red.z.squareRoot())
        let grey = 0.4 * (p.y + p.z)
        let half = p * 0.5 + SIMD3(repeating: grey) * 0.5
        S.assertClose(result[0], SIMD4(half.x * half.x, half.y * half.y, half.z * half.z, 1), accuracy: 1e-6)
        #expect(result[1] == Self.red, "radial weight 0 at 1.5 radii: the pixel keeps its bits")
        S.assertClose(result[2], SIMD4(grey * grey, grey * grey, grey * grey, 1), accuracy: 1e-6)
    }

    /// The eye's redness threshold t decides: a* 63 (the pupil) is past 30 + 3 and turns grey; the same pupil
    /// with t = 75 (its a* below 75 − 7) keeps every bit; with t = a* + 2, half way up the ramp from t − 7 to
    /// t + 3, the pixel moves half way (smoothstep ½).
    @Test func theEyesRednessThresholdDecidesWhatIsRed() throws {
        let coords = [SIMD2<Float>(16.5, 16.5 + 1)]
        let p = SIMD3(Self.red.x.squareRoot(), Self.red.y.squareRoot(), Self.red.z.squareRoot())
        let grey = 0.4 * (p.y + p.z)
        let a = CIELab.a(SIMD3(Self.red.x, Self.red.y, Self.red.z))
        #expect(abs(a - 63.16) < 0.05, "sRGB (200, 30, 35) has a* 63.16")
        let kept = S.runColorKernel(of: try redEye([16.5, 16.5, 3, 75]), on: [Self.red], coords: coords)[0]
        #expect(kept == Self.red)
        let half = S.runColorKernel(of: try redEye([16.5, 16.5, 3, Double(a) + 2]), on: [Self.red], coords: coords)[0]
        let q = p * 0.5 + SIMD3(repeating: grey) * 0.5
        S.assertClose(half, SIMD4(q.x * q.x, q.y * q.y, q.z * q.z, 1), accuracy: 1e-5)
    }

    /// Magenta-red and orange-red pupils (half as much blue or green as red) are as red by a* as pure red
    /// ones: both turn grey at the threshold auto-adjustment gives ordinary skin (30).
    @Test func magentaAndOrangeRedPupilsTurnGrey() throws {
        let magenta = Self.linear(204, 61, 109), orange = Self.linear(204, 97, 61)
        let out = try redEye([16.5, 16.5, 3, 30])
        let result = S.runColorKernel(of: out, on: [magenta, orange], coords: [Self.centre, Self.centre])
        for (before, after) in zip([magenta, orange], result) {
            #expect(CIELab.a(SIMD3(before.x, before.y, before.z)) > 38)
            #expect(abs(CIELab.a(SIMD3(after.x, after.y, after.z))) < 0.5, "\(before) → \(after) is not grey")
        }
    }

    @Test func keepsAlphaAndStraightColourOfTranslucentPixels() throws {
        let out = try redEye([16.5, 16.5, 3, 30])
        let straight = Self.red
        let translucent = SIMD4(straight.x * 0.5, straight.y * 0.5, straight.z * 0.5, 0.5)
        let result = S.runColorKernel(of: out, on: [translucent], coords: [Self.centre])[0]
        let q = 0.4 * (straight.y.squareRoot() + straight.z.squareRoot())
        S.assertClose(result, SIMD4(q * q * 0.5, q * q * 0.5, q * q * 0.5, 0.5), accuracy: 1e-6)
    }

    @Test func noEyesOrEyesElsewhereLeaveThePictureAlone() throws {
        let points = Self.pixelCentres
        let before = S.evaluate(Self.eyePicture, at: points)
        #expect(S.evaluate(try Self.eyePicture.applyingFilter("CIRedEyeCorrection"), at: points) == before)
        // Far outside the picture: the eye adds no kernel at all.
        let outside = try redEye([500, 500, 6, 30])
        #expect(S.evaluate(outside, at: points) == before)
        #expect(
            Self.topKernel(outside, named: "irisRedEyeCorrection") == nil,
            "an eye whose circle misses the picture adds no kernel")
        // On the skin, far from the pupil: nothing there is red enough.
        #expect(S.evaluate(try redEye([4.5, 4.5, 3, 30]), at: points) == before)
    }

    @Test func onSkinFarFromThePupilChangesNothing() throws {
        let points = Self.pixelCentres
        #expect(
            S.evaluate(try redEye([4.5, 4.5, 3, 30, 27, 5, 4, 30]), at: points)
                == S.evaluate(Self.eyePicture, at: points))
    }

    @Test func twoEyesCorrectBothPupils() throws {
        let left = SIMD4<Float>(0.5, 0.01, 0.01, 1)
        let source = S.image([[left, Self.skin, Self.skin, Self.skin, left]])
        let out = try source.applyingFilter(
            "CIRedEyeCorrection",
            parameters: ["inputCorrectionInfo": .vector([0.5, 0.5, 1, 30, 4.5, 0.5, 1, 30])])
        let row = S.evaluate(out, at: (0..<5).map { SIMD2(Float($0) + 0.5, 0.5) })
        #expect(Self.perceptualRedness(row[0]) < 0.2)
        #expect(Self.perceptualRedness(row[4]) < 0.2)
        #expect(Array(row[1...3]) == [Self.skin, Self.skin, Self.skin])
    }

    @Test func badCorrectionInfoIsATypedErrorNamingTheFilterAndKey() {
        for info in [
            [1.0, 2, 3], [10, 10, 0, 30], [10, 10, -2, 30], [10, 10, 20_000, 30], [10, .nan, 3, 30],
            [10, 10, 3, -1], [10, 10, 3, 101], [10, 10, 3, .infinity], [Double](repeating: 5, count: 68)
        ] {
            do {
                _ = try redEye(info)
                Issue.record("\(info) was accepted")
            } catch {
                guard case let .invalidValue(filter, key, reason) = error else {
                    Issue.record("\(info): \(error)")
                    continue
                }
                #expect(filter == "CIRedEyeCorrection")
                #expect(key == "inputCorrectionInfo")
                #expect(!reason.isEmpty)
            }
        }
        // What each says: what is expected and what came.
        do {
            _ = try redEye([1, 2, 3])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("multiple of 4") && "\(error)".contains("got 3"), "\(error)")
        }
        do {
            _ = try redEye([10, 10, 0, 30])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("radius 0"), "\(error)")
        }
        do {
            _ = try redEye([10, 10, 3, 101])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("redness 101") && "\(error)".contains("0 to 100"), "\(error)")
        }
        do {
            _ = try redEye([Double](repeating: 5, count: 68))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("at most 16 eyes"), "\(error)")
        }
    }

    @Test func correctionInfoParsesFromTheTextFormIncludingEmpty() throws {
        let spec = try FilterSpecParser.parse("CIRedEyeCorrection inputCorrectionInfo=[100 80 6 30 140 80 6 27.5]")
        #expect(spec.parameters["inputCorrectionInfo"]?.description == "[100 80 6 30 140 80 6 27.5]")
        let empty = try FilterSpecParser.parse("CIRedEyeCorrection inputCorrectionInfo=[]")
        #expect(empty.parameters["inputCorrectionInfo"]?.description == "[]")
        #expect(throws: (any Error).self, "only a list whose default is empty may be empty") {
            try FilterSpecParser.parse("CIColorMatrix inputRVector=[]")
        }
    }

    // MARK: CIFaceBalance

    /// The test's own YIQ (NTSC 1953), Y I Q rows over perceptual R G B.
    private static func yiq(_ p: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            0.299 * p.x + 0.587 * p.y + 0.114 * p.z,
            0.595716 * p.x - 0.274453 * p.y - 0.321263 * p.z,
            0.211456 * p.x - 0.522591 * p.y + 0.311135 * p.z)
    }

    private static func perceptual(_ c: SIMD4<Float>) -> SIMD3<Double> {
        SIMD3(Double(c.x).squareRoot(), Double(c.y).squareRoot(), Double(c.z).squareRoot())
    }

    private static func linear(perceptual p: SIMD3<Double>) -> SIMD4<Float> {
        SIMD4(Float(p.x * p.x), Float(p.y * p.y), Float(p.z * p.z), 1)
    }

    private func faceBalance(_ parameters: [String: Double]) throws -> Image {
        try S.anyImage.applyingFilter("CIFaceBalance", parameters: parameters.mapValues { .number($0) })
    }

    private func balanced(_ pixels: [SIMD4<Float>], _ parameters: [String: Double]) throws -> [SIMD4<Float>] {
        let out = try faceBalance(parameters)
        guard Self.topKernel(out, named: "irisFaceBalance") != nil else { return pixels }
        return S.runColorKernel(of: out, on: pixels)
    }

    static let naturalHue = atan2(0.0291, 0.103905)

    @Test func defaultsAndNoStrengthAreTheIdentity() throws {
        let source = S.image([[Self.skin, Self.red, Self.brown, SIMD4(0.2, 0.5, 0.9, 1)]])
        let points = (0..<4).map { SIMD2(Float($0) + 0.5, 0.5) }
        let before = S.evaluate(source, at: points)
        let noStrength: [String: FilterValue] = [
            "inputStrength": .number(0), "inputOrigI": .number(0.3), "inputWarmth": .number(1)
        ]
        for parameters in [[:], noStrength] {
            let after = S.evaluate(try source.applyingFilter("CIFaceBalance", parameters: parameters), at: points)
            for (a, b) in zip(after, before) { S.assertClose(a, b, accuracy: 1 / 255, "\(parameters)") }
        }
    }

    @Test func blackAndWhiteStayForAnyInputs() throws {
        let black = SIMD4<Float>(0, 0, 0, 1), white = SIMD4<Float>(1, 1, 1, 1)
        for (i, q, warmth) in [(0.3, -0.2, 0.0), (-0.5, 0.5, 1.0), (0.05, 0.2, 0.5)] {
            let out = try balanced(
                [black, white],
                ["inputOrigI": i, "inputOrigQ": q, "inputStrength": 1, "inputWarmth": warmth])
            S.assertClose(out[0], black, accuracy: 1 / 255)
            S.assertClose(out[1], white, accuracy: 1 / 255)
        }
    }

    @Test func skinTakesTheTargetHueAndKeepsItsSaturation() throws {
        // A mid-tone skin colour (Y ≈ 0.49, so the weight 4Y(1 − Y) is ≈ 1), measured with this test's YIQ.
        let p = SIMD3<Double>(0.62, 0.45, 0.38)
        let m = Self.yiq(p)
        for warmth in [0.0, 0.3, 0.5, 0.8, 1.0] {
            let out = try balanced(
                [Self.linear(perceptual: p)],
                ["inputOrigI": m.y, "inputOrigQ": m.z, "inputStrength": 1, "inputWarmth": warmth])[0]
            let r = Self.yiq(Self.perceptual(out))
            let target = Self.naturalHue - (warmth - 0.5) * 20 * .pi / 180
            #expect(abs((atan2(r.z, r.y) * 180 / .pi) - (target * 180 / .pi)) <= 1, "warmth \(warmth)")
            let before = (m.y * m.y + m.z * m.z).squareRoot(), after = (r.y * r.y + r.z * r.z).squareRoot()
            #expect(abs((after / before) - 1) <= 0.02, "warmth \(warmth)")
            #expect(abs(r.x - m.x) <= 1e-3, "luma stays")
        }
    }

    @Test func halfStrengthMovesHalfWayWeightedByLuma() throws {
        // A light skin colour: Y ≈ 0.75, so the weight is 4 · 0.75 · 0.25 ≈ 0.75; the measured colour given
        // is cooler than the natural hue (more Q), so the shift is half of (t − m), scaled by the weight.
        let p = SIMD3<Double>(0.86, 0.72, 0.6)
        let y = Self.yiq(p).x, w = 4 * y * (1 - y)
        let origI = 0.08, origQ = 0.06
        let saturation = (origI * origI + origQ * origQ).squareRoot()
        let t = SIMD2(cos(Self.naturalHue), sin(Self.naturalHue)) * saturation
        let expected = SIMD2(Self.yiq(p).y, Self.yiq(p).z) + w * 0.5 * (t - SIMD2(origI, origQ))
        let out = try balanced(
            [Self.linear(perceptual: p)],
            ["inputOrigI": origI, "inputOrigQ": origQ, "inputStrength": 0.5, "inputWarmth": 0.5])[0]
        let r = Self.yiq(Self.perceptual(out))
        #expect(abs(r.y - expected.x) <= 1e-3)
        #expect(abs(r.z - expected.y) <= 1e-3)
    }

    @Test func warmthTurnsSkinTowardsOrangeRed() throws {
        let p = SIMD3<Double>(0.8, 0.62, 0.52)
        let m = Self.yiq(p)
        func redMinusBlue(_ warmth: Double) throws -> Float {
            let out = try balanced(
                [Self.linear(perceptual: p)],
                ["inputOrigI": m.y, "inputOrigQ": m.z, "inputStrength": 1, "inputWarmth": warmth])[0]
            return out.x - out.z
        }
        let cool = try redMinusBlue(0), natural = try redMinusBlue(0.5), warm = try redMinusBlue(1)
        #expect(warm > natural)
        #expect(natural > cool)
    }

    @Test func faceBalanceBakesAndRedEyeDoesNot() throws {
        let shifted = try faceBalance(["inputStrength": 1, "inputOrigQ": 0.1])
        let balance = try #require(Self.topKernel(shifted, named: "irisFaceBalance"))
        #expect(balance.isPositionIndependent, "one input, no coordinates: may join a colour cube")
        let eye = try #require(Self.topKernel(try redEye([16.5, 16.5, 3, 30]), named: "irisRedEyeCorrection"))
        #expect(!eye.isPositionIndependent, "it reads coordinates: never baked into a cube")
    }
}
