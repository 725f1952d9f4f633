import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// Convolutions, stylize filters and halftone screens against values computed here from their formulas
/// and from geometry (which neighbour a weight reads, which cell a pixel falls in).
@Suite(.serialized) struct StylizeFormulaTests {
    typealias P = FormulaPictures

    /// Every pixel a different colour, so a pixel's colour says where it came from.
    static func code(_ x: Int, _ y: Int) -> SIMD3<UInt8> {
        SIMD3(UInt8(x * 12 + 3), UInt8(y * 12 + 5), UInt8((x * 7 + y * 5) % 200 + 20))
    }
    let coded = FormulaPictures.picture(width: 20, height: 20) { x, y in StylizeFormulaTests.code(x, y) }

    func linear(_ c: SIMD3<UInt8>) -> SIMD3<Double> {
        SIMD3(P.linear(Double(c.x)), P.linear(Double(c.y)), P.linear(Double(c.z)))
    }

    /// A single weight of 1 copies the neighbour it sits on: weights run top row first, left to right.
    @Test func convolutionWeightsReadTheNeighbourWhereTheyStand() throws {
        func one(_ count: Int, at k: Int) -> FilterValue { .vector((0..<count).map { $0 == k ? 1 : 0 }) }
        let cases: [(String, Int, Int, Int, Int)] = [
            ("CIConvolution5X5", 25, 0, -2, 2), ("CIConvolution5X5", 25, 24, 2, -2), ("CIConvolution7X7", 49, 6, 3, 3),
            ("CIConvolution9Horizontal", 9, 8, 4, 0), ("CIConvolution9Vertical", 9, 0, 0, 4),
            ("CIConvolution9Vertical", 9, 7, 0, -3),
            ("CIConvolutionRGB5X5", 25, 1, -1, 2), ("CIConvolutionRGB7X7", 49, 48, 3, -3),
            ("CIConvolutionRGB9Horizontal", 9, 0, -4, 0),
            ("CIConvolutionRGB9Vertical", 9, 8, 0, -4), ("CIConvolutionRGB3X3", 9, 2, 1, 1)
        ]
        for (name, count, k, dx, dy) in cases {
            let out = try P.render(
                try coded.applyingFilter(name, parameters: ["inputWeights": one(count, at: k)]), width: 20, height: 20)
            #expect(out(10, 10) == SIMD4(Self.code(10 + dx, 10 + dy), 255), "\(name) weight \(k) reads (\(dx), \(dy))")
        }
    }

    /// Halving weights on a half-transparent picture: the plain convolution halves alpha too (straight colour
    /// unchanged); the RGB one keeps alpha, so straight colour halves.
    @Test func rGBConvolutionsKeepAlpha() throws {
        let colour = SIMD3<UInt8>(200, 120, 60)
        let translucent = P.picture(width: 9, height: 9, alpha: { _, _ in 128 }) { _, _ in colour }
        var half = [Double](repeating: 0, count: 25)
        half[12] = 0.5
        let plain = try P.render(
            try translucent.applyingFilter("CIConvolution5X5", parameters: ["inputWeights": .vector(half)]), width: 9,
            height: 9)
        #expect(abs(Double(plain(4, 4)[3]) - 64) <= 1)
        P.assertPixel(plain(4, 4), linear: linear(colour), accuracy: 2.01, "plain: straight colour kept")
        let rgb = try P.render(
            try translucent.applyingFilter("CIConvolutionRGB5X5", parameters: ["inputWeights": .vector(half)]),
            width: 9, height: 9)
        #expect(rgb(4, 4)[3] == 128)
        P.assertPixel(rgb(4, 4), linear: linear(colour) * 0.5, accuracy: 1.51, "RGB: straight colour halves")
    }

    @Test func convolutionBiasFillsTheWorld() throws {
        let zero = [Double](repeating: 0, count: 49)
        let out = try P.render(
            try coded.applyingFilter(
                "CIConvolution7X7", parameters: ["inputWeights": .vector(zero), "inputBias": .number(0.25)]),
            width: 20, height: 20)
        // Premultiplied (0.25, 0.25, 0.25, 0.25): straight white at a quarter alpha.
        #expect(abs(Double(out(3, 3)[3]) - (255 * 0.25)) <= 1)
        P.assertGrey(out(3, 3), linear: 1, "straight white")
    }

    /// Scale 4 from (0, 0): pixel (5, 2) is in cell (1, 0), centre (6, 2), between pixels 5…6 and 1…2.
    @Test func pixellateReadsTheCellCentre() throws {
        let out = try P.render(
            try coded.applyingFilter(
                "CIPixellate", parameters: ["inputCenter": .vector([0, 0]), "inputScale": .number(4)]),
            width: 20, height: 20)
        var want = SIMD3<Double>.zero
        for (x, y) in [(5, 1), (6, 1), (5, 2), (6, 2)] { want += linear(Self.code(x, y)) / 4 }
        for (x, y) in [(5, 2), (4, 0), (7, 3)] {
            P.assertPixel(out(x, y), linear: want, "pixel (\(x), \(y)) in cell (1, 0)")
        }
        // Odd cells are centred on a pixel centre (2.5 + 5i) and copy that pixel.
        let odd = try P.render(
            try coded.applyingFilter(
                "CIPixellate", parameters: ["inputCenter": .vector([0, 0]), "inputScale": .number(5)]),
            width: 20, height: 20)
        #expect(odd(5, 9) == SIMD4(Self.code(7, 7), 255), "cell (1, 1) is centred on pixel (7, 7)")
    }

    /// Hexagons 6 apart around the centre of pixel (8, 8): (6, 0) and (3, 3√3) are neighbouring centres.
    @Test func hexagonalPixellateCellsAreSixApart() throws {
        let out = try P.render(
            try coded.applyingFilter(
                "CIHexagonalPixellate", parameters: ["inputCenter": .vector([8.5, 8.5]), "inputScale": .number(6)]),
            width: 20, height: 20)
        #expect(out(9, 7) == SIMD4(Self.code(8, 8), 255), "near the centre")
        #expect(out(13, 8) == SIMD4(Self.code(14, 8), 255), "one cell to the right: centre (14.5, 8.5)")
        // (3, 3√3) from (8.5, 8.5) is (11.5, 13.696): between rows 13 and 14, at column 11.
        let t = 8.5 + 3 * 3.0.squareRoot() - 13.5
        let want = linear(Self.code(11, 13)) * (1 - t) + linear(Self.code(11, 14)) * t
        P.assertPixel(out(11, 14), linear: want, "upper-right cell")
    }

    /// Every crystal is one colour read from the picture, and there are about as many as grid cells.
    @Test func crystallizeIsPiecewiseConstant() throws {
        let uniform = P.picture(width: 16, height: 16) { _, _ in SIMD3(90, 140, 200) }
        let flat = try P.render(
            try uniform.applyingFilter("CICrystallize", parameters: ["inputRadius": .number(5)]), width: 16, height: 16)
        #expect(flat(7, 7) == SIMD4(90, 140, 200, 255))
        let out = try P.render(
            try coded.applyingFilter(
                "CICrystallize", parameters: ["inputRadius": .number(8), "inputCenter": .vector([0, 0])]),
            width: 20, height: 20)
        var colours = Set<[UInt8]>()
        for y in 0..<20 {
            for x in 0..<20 {
                let p = out(x, y)
                colours.insert([p[0], p[1], p[2]])
            }
        }
        // 20/8 → at most 4×4 cells' points (plus neighbours') can own pixels; far fewer colours than 400 pixels.
        #expect(colours.count <= 25)
        #expect(colours.count >= 2)
    }

    /// On a uniform picture every pixel mixes the picture's colour with white paper.
    @Test func pointillizeMixesDotsWithPaper() throws {
        let colour = SIMD3<Double>(P.linear(40), P.linear(80), P.linear(160))
        let uniform = P.picture(width: 24, height: 24) { _, _ in SIMD3(40, 80, 160) }
        // Edge-extended, so dots centred off the picture read its colour rather than transparent black.
        let image = try uniform.clampedToExtent().applyingFilter(
            "CIPointillize", parameters: ["inputRadius": .number(4)]
        ).cropped(to: uniform.extent)
        let out = try P.render(image, width: 24, height: 24)
        var dots = 0, paper = 0
        for y in 0..<24 {
            for x in 0..<24 {
                let p = out(x, y)
                // Coverage from the red channel (the farthest from white), then green and blue must follow: c·t + (1 −
                // t).
                let t = (1 - P.linear(Double(p[0]))) / (1 - colour.x)
                P.assertPixel(p, linear: colour * t + SIMD3(repeating: 1 - t), accuracy: 2.01, "(\(x), \(y))")
                if t > 0.99 { dots += 1 }
                if t < 0.01 { paper += 1 }
            }
        }
        #expect(dots > 100)
        #expect(paper > 10)
    }

    /// A vertical step a | b: Sobel's gx at the pixels beside it is 4(b − a), gy is 0.
    @Test func edgesIsTheSobelMagnitude() throws {
        let step = P.grey(width: 10, height: 6) { x, _ in x < 5 ? 100 : 110 }
        let out = try P.render(
            try step.applyingFilter("CIEdges", parameters: ["inputIntensity": .number(2)]), width: 10, height: 6)
        let g = 4 * (P.linear(110) - P.linear(100))
        P.assertGrey(out(4, 3), linear: 2 * g, "left of the step")
        P.assertGrey(out(5, 3), linear: 2 * g, "right of the step")
        P.assertGrey(out(2, 3), linear: 0, "flat")
    }

    /// A vertical step: the dark side next to it is darker than its blur and turns black in proportion.
    @Test func edgeWorkDarkensTheDarkSideOfEdges() throws {
        let step = P.grey(width: 16, height: 6) { x, _ in x < 8 ? 40 : 220 }
        let out = try P.render(
            try step.applyingFilter("CIEdgeWork", parameters: ["inputRadius": .number(1)]), width: 16, height: 6)
        let a = P.linear(40), b = P.linear(220)
        for x in [6, 7, 8, 12] {
            let s = x < 8 ? a : b
            let v = min(max(1 + 3 * (s - BlurFormulaTests.gaussianStep(a, b, edgeAt: 8, x: x)), 0), 1)
            P.assertGrey(out(x, 3), linear: v, "x \(x)")
        }
    }

    /// A black | white mask: the height is the Gaussian (σ = radius / 3 = 1) across the step.
    @Test func heightFieldIsTheBlurredMask() throws {
        let mask = P.grey(width: 16, height: 6) { x, _ in x < 8 ? 0 : 255 }
        let out = try P.render(
            try mask.applyingFilter("CIHeightFieldFromMask", parameters: ["inputRadius": .number(3)]), width: 16,
            height: 6)
        for x in [4, 6, 7, 8, 9, 13] {
            P.assertGrey(out(x, 3), linear: BlurFormulaTests.gaussianStep(0, 1, edgeAt: 8, x: x), "x \(x)")
            #expect(out(x, 3)[3] == 255)
        }
    }

    /// A vertical step a | b in grey: Sobel's magnitude beside it is 4(b − a); ink = clamp(1.5(m − 0.25), 0, 1).
    @Test func comicEffectInksStrongEdges() throws {
        let step = P.grey(width: 10, height: 6) { x, _ in x < 5 ? 100 : 140 }
        let out = try P.render(try step.applyingFilter("CIComicEffect"), width: 10, height: 6)
        let a = P.linear(100), b = P.linear(140)
        let keep = 1 - min(max(1.5 * (4 * (b - a) - 0.25), 0), 1)
        P.assertGrey(out(4, 3), linear: a * keep, "dark side")
        P.assertGrey(out(5, 3), linear: b * keep, "light side")
        P.assertGrey(out(1, 3), linear: a, "flat keeps its colour")
    }

    /// On a uniform picture the blur is the picture itself: bloom screens k·s over s, gloom mixes in s².
    @Test func bloomAndGloomOnAFlatPicture() throws {
        let uniform = P.grey(width: 12, height: 12) { _, _ in 150 }
        let s = P.linear(150), k = 0.6
        let bloom = try P.render(
            try uniform.applyingFilter(
                "CIBloom", parameters: ["inputRadius": .number(3), "inputIntensity": .number(k)]), width: 12, height: 12
        )
        P.assertGrey(bloom(6, 6), linear: s + k * s - s * k * s, "bloom")
        let gloom = try P.render(
            try uniform.applyingFilter(
                "CIGloom", parameters: ["inputRadius": .number(3), "inputIntensity": .number(k)]), width: 12, height: 12
        )
        P.assertGrey(gloom(6, 6), linear: s + k * (s * s - s), "gloom")
    }

    @Test func vignetteEffectShadesOutsideTheCircle() throws {
        let grey = P.grey(width: 20, height: 20) { _, _ in 200 }
        let image = try grey.applyingFilter(
            "CIVignetteEffect",
            parameters: [
                "inputCenter": .vector([10, 10]), "inputRadius": .number(8), "inputFalloff": .number(0.5),
                "inputIntensity": .number(0.8)
            ])
        let out = try P.render(image, width: 20, height: 20)
        for (x, y) in [(10, 10), (13, 10), (15, 12), (16, 16), (0, 0), (10, 17)] {
            let d = ((Double(x) + 0.5 - 10) * (Double(x) + 0.5 - 10) + (Double(y) + 0.5 - 10) * (Double(y) + 0.5 - 10))
                .squareRoot()
            let t = min(max((d - 4) / 4, 0), 1)
            P.assertGrey(
                out(x, y), linear: P.linear(200) * (1 - 0.8 * t * t * (3 - 2 * t)), "(\(x), \(y)) at distance \(d)")
        }
    }

    @Test func spotLightIsACosinePowerBeam() throws {
        let white = P.grey(width: 20, height: 20) { _, _ in 255 }
        let light = SIMD3<Double>(10, 10, 20), target = SIMD3<Double>(10, 10, 0)
        let image = try white.applyingFilter(
            "CISpotLight",
            parameters: [
                "inputLightPosition": .vector([light.x, light.y, light.z]),
                "inputLightPointsAt": .vector([target.x, target.y, target.z]),
                "inputBrightness": .number(1), "inputConcentration": .number(0.5)
            ])
        let out = try P.render(image, width: 20, height: 20)
        func expected(_ x: Int, _ y: Int) -> Double {
            let v = light - SIMD3(Double(x) + 0.5, Double(y) + 0.5, 0)
            let u = v / (v * v).sum().squareRoot()
            let d = (target - light) / ((target - light) * (target - light)).sum().squareRoot()
            return pow(max(-(u * d).sum(), 0), 2) * max(u.z, 0)
        }
        for (x, y) in [(9, 9), (15, 9), (2, 17), (19, 0)] {
            P.assertGrey(out(x, y), linear: expected(x, y), "(\(x), \(y))")
        }
    }

    // MARK: - Halftones

    /// The whiteness S(Y, P) with P′ = m + (1 − 2m)·P, m = 0.5/g, g = 4 / (1 − sharpness).
    func screen(_ y: Double, _ pattern: Double, sharpness: Double) -> Double {
        let g = 4 / max(1 - sharpness, 0.005)
        let level = 0.5 / g + (1 - 1 / g) * pattern
        return min(max((y - level) * g + 0.5, 0), 1)
    }

    @Test func lineAndDotScreensFollowTheirPatterns() throws {
        let byte = 150.0, y = P.linear(byte)
        let grey = P.grey(width: 12, height: 12) { _, _ in UInt8(byte) }
        let base: [String: FilterValue] = [
            "inputCenter": .vector([0, 0]), "inputWidth": .number(6), "inputSharpness": .number(0.5)
        ]
        let lines = try P.render(try grey.applyingFilter("CILineScreen", parameters: base), width: 12, height: 12)
        for row in 0..<6 {
            let pattern = 0.5 + 0.5 * cos(2 * Double.pi * (Double(row) + 0.5) / 6)
            P.assertGrey(lines(3, row), linear: screen(y, pattern, sharpness: 0.5), "line row \(row)")
        }
        // A quarter turn makes the lines vertical: the pattern follows x (q.y = −x).
        var turned = base
        turned["inputAngle"] = .number(Double.pi / 2)
        let vertical = try P.render(try grey.applyingFilter("CILineScreen", parameters: turned), width: 12, height: 12)
        for x in 0..<6 {
            let pattern = 0.5 + 0.5 * cos(2 * Double.pi * (Double(x) + 0.5) / 6)
            P.assertGrey(vertical(x, 7), linear: screen(y, pattern, sharpness: 0.5), "turned column \(x)")
        }
        let dots = try P.render(try grey.applyingFilter("CIDotScreen", parameters: base), width: 12, height: 12)
        for (x, r) in [(0, 0), (1, 4), (3, 2), (5, 5)] {
            let pattern =
                0.5 + 0.25 * (cos(2 * Double.pi * (Double(x) + 0.5) / 6) + cos(2 * Double.pi * (Double(r) + 0.5) / 6))
            P.assertGrey(dots(x, r), linear: screen(y, pattern, sharpness: 0.5), "dot (\(x), \(r))")
        }
        let rings = try P.render(try grey.applyingFilter("CICircularScreen", parameters: base), width: 12, height: 12)
        for (x, r) in [(2, 3), (7, 1), (10, 10)] {
            let pattern =
                0.5 + 0.5
                * cos(
                    2 * Double.pi
                        * ((Double(x) + 0.5) * (Double(x) + 0.5) + (Double(r) + 0.5) * (Double(r) + 0.5)).squareRoot()
                        / 6)
            P.assertGrey(rings(x, r), linear: screen(y, pattern, sharpness: 0.5), "ring (\(x), \(r))")
        }
        let hatch = try P.render(try grey.applyingFilter("CIHatchedScreen", parameters: base), width: 12, height: 12)
        for (x, r) in [(0, 0), (2, 5), (4, 1)] {
            let lx = 0.5 + 0.5 * cos(2 * Double.pi * (Double(r) + 0.5) / 6),
                ly = 0.5 + 0.5 * cos(2 * Double.pi * (Double(x) + 0.5) / 6)
            P.assertGrey(
                hatch(x, r), linear: min(screen(y, lx, sharpness: 0.5), screen(2 * y, ly, sharpness: 0.5)),
                "hatch (\(x), \(r))")
        }
    }

    @Test func screensKeepWhiteWhiteAndBlackBlack() throws {
        for name in ["CIDotScreen", "CILineScreen", "CICircularScreen", "CIHatchedScreen", "CICMYKHalftone"] {
            for byte in [0, 255] {
                let flat = P.grey(width: 8, height: 8) { _, _ in UInt8(byte) }
                let out = try P.render(try flat.applyingFilter(name), width: 8, height: 8)
                for (x, y) in [(0, 0), (3, 5), (7, 2)] {
                    P.assertGrey(out(x, y), linear: Double(byte) / 255, "\(name) on \(byte) at (\(x), \(y))")
                }
            }
        }
    }

    /// Half cyan ink (green and blue full, red about half) and no black: only the cyan screen at 15° prints.
    @Test func cMYKHalftonePrintsCyanOnItsOwnScreen() throws {
        let cyan = P.picture(width: 12, height: 12) { _, _ in SIMD3(188, 255, 255) }
        let amount = 1 - P.linear(188)
        let sharpness = 0.7
        let out = try P.render(
            try cyan.applyingFilter(
                "CICMYKHalftone",
                parameters: [
                    "inputCenter": .vector([0, 0]), "inputWidth": .number(6), "inputSharpness": .number(sharpness)
                ]), width: 12, height: 12)
        let a = 15 * Double.pi / 180
        for (x, y) in [(0, 0), (2, 3), (5, 1), (9, 9)] {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let qx = cos(a) * px + sin(a) * py, qy = cos(a) * py - sin(a) * px
            let pattern = 0.5 + 0.25 * (cos(2 * Double.pi * qx / 6) + cos(2 * Double.pi * qy / 6))
            let coverage = screen(amount, 1 - pattern, sharpness: sharpness)
            P.assertPixel(out(x, y), linear: SIMD3(1 - coverage, 1, 1), "(\(x), \(y))")
        }
    }

    /// A pixel at a range's centre takes its replacement colour; where ranges 2 and 3 both match, range 2
    /// (the lower number) wins; a colour far from every centre, and alpha, are left alone.
    @Test func spotColorReplacesItsRangesAndLeavesOtherColours() throws {
        // Core Image's default centre 2 and 3 as sRGB bytes, pure blue, and centre 2 at half alpha.
        let centre2 = SIMD3<UInt8>(134, 78, 88), centre3 = SIMD3<UInt8>(235, 116, 85), blue = SIMD3<UInt8>(0, 0, 255)
        let picture = P.picture(width: 4, height: 1, alpha: { x, _ in x == 3 ? 128 : 255 }) { x, _ in
            [centre2, centre3, blue, centre2][x]
        }
        for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
            let buffer = try Renderers.render(try picture.applyingFilter("CISpotColor"), on: renderer)
            let replacement2 = SIMD3(0.9137, 0.5608, 0.5059), replacement3 = SIMD3(0.9098, 0.7529, 0.6078)
            for c in 0..<3 {
                #expect(
                    abs(Double(buffer.rgba(x: 0, row: 0)[c]) - (replacement2[c] * 255).rounded()) <= 1.01,
                    "\(renderer.name) centre 2, channel \(c)")
                #expect(
                    abs(Double(buffer.rgba(x: 1, row: 0)[c]) - (replacement3[c] * 255).rounded()) <= 1.01,
                    "\(renderer.name) centre 3, channel \(c)")
            }
            #expect(buffer.rgba(x: 2, row: 0) == SIMD4(0, 0, 255, 255), "\(renderer.name): blue is in no range")
            #expect(buffer.rgba(x: 3, row: 0)[3] == 128, "\(renderer.name): alpha kept")
            // The output is straight alpha: the half-transparent pixel at centre 2 shows replacement 2 itself.
            #expect(
                abs(Double(buffer.rgba(x: 3, row: 0)[0]) - (replacement2.x * 255).rounded()) <= 1.01, "\(renderer.name)"
            )
        }
    }

    /// Contrast 0 makes the weight a ramp over the whole closeness: a grey at perceptual distance d from a
    /// black centre (d = √3·√linear) moves (1 − d / closeness) of the way to the replacement.
    @Test func spotColorFadesOverTheClosenessAtZeroContrast() throws {
        let far = ["inputCloseness2": FilterValue.number(0), "inputCloseness3": .number(0)]
        let parameters = far.merging([
            "inputCenterColor1": .color(SIMD4(0, 0, 0, 1)), "inputReplacementColor1": .color(SIMD4(1, 1, 1, 1)),
            "inputCloseness1": .number(0.5), "inputContrast1": .number(0)
        ]) { a, _ in a }
        let greys: [UInt8] = [0, 20, 40, 60, 90]
        let picture = P.grey(width: greys.count, height: 1) { x, _ in greys[x] }
        let out = try P.render(
            try picture.applyingFilter("CISpotColor", parameters: parameters), width: greys.count, height: 1)
        for (x, g) in greys.enumerated() {
            let l = P.linear(Double(g))
            let w = min(max((0.5 - (3 * l).squareRoot()) / 0.5, 0), 1)
            P.assertGrey(out(x, 0), linear: l + (1 - l) * w, "grey \(g)")
        }
    }

    /// Black on the left, white on the right: the line sits on the step, opaque black; flat areas and a
    /// weak edge (a low edge intensity) stay transparent.
    @Test func lineOverlayDrawsTheStepInBlackAndLeavesFlatAreasTransparent() throws {
        let step = P.grey(width: 24, height: 12) { x, _ in x < 12 ? 0 : 255 }
        func lines(_ parameters: [String: FilterValue] = [:]) throws -> Image {
            try step.clampedToExtent().applyingFilter("CILineOverlay", parameters: parameters).cropped(to: step.extent)
        }
        for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
            let drawn = try Renderers.render(try lines(), on: renderer)
            for row in [2, 6, 9] {
                for x in [0, 4, 8, 15, 19, 23] {
                    #expect(drawn.rgba(x: x, row: row)[3] == 0, "\(renderer.name) flat at \(x), \(row)")
                }
                for x in [11, 12] {
                    #expect(drawn.rgba(x: x, row: row) == SIMD4(0, 0, 0, 255), "\(renderer.name) step at \(x), \(row)")
                }
            }
            // |Sobel| / 4 of a 0→1 step is about 1 (a little more with the sharpening); times 0.02 it stays under the
            // 0.1 threshold.
            let faint = try Renderers.render(try lines(["inputEdgeIntensity": .number(0.02)]), on: renderer)
            for x in 0..<24 { #expect(faint.rgba(x: x, row: 6)[3] == 0, "\(renderer.name) faint edge at \(x)") }
        }
    }
}
