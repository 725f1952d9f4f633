import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// The generators and gradients against values computed here from geometry and from the formulas their
/// doc comments state (square sizes, gradient ramps, distances, HSV → RGB, the sRGB curve). Nothing below
/// calls Iris's own generator code.
@Suite(.serialized) struct GeneratorFormulaTests {
    static func linear(_ byte: Double) -> Double {
        let v = byte / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    static func encoded(_ l: Double) -> Double {
        let v = min(max(l, 0), 1)
        return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
    }

    /// Renders `name` with `parameters`, cropped to `rect`, on the CPU.
    func render(_ name: String, _ parameters: [String: FilterValue], rect: Rect) throws -> PixelBuffer {
        var filter = try Filter(name: name)
        for (key, value) in parameters { try filter.setValue(value, forKey: key) }
        return try Renderers.render(try filter.outputImage().cropped(to: rect), on: Renderers.cpu)
    }

    /// The global coordinate of the centre of buffer pixel (x, row) of a render of `rect` (row 0 is the top).
    static func centre(_ x: Int, _ row: Int, in rect: Rect) -> (Double, Double) {
        (rect.minX + Double(x) + 0.5, rect.maxY - Double(row) - 0.5)
    }

    /// A grey level `l` (linear) as the output byte.
    static func greyByte(_ l: Double) -> Double { encoded(l) }

    // MARK: Checkerboard and stripes

    @Test func checkerboardSquaresHaveTheGivenWidthAndCorner() throws {
        let rect = Rect(x: -8, y: -4, width: 24, height: 16)
        for (center, width) in [((0.0, 0.0), 4.0), ((3.0, -2.0), 5.0)] {
            let b = try render(
                "CICheckerboardGenerator",
                [
                    "inputCenter": .vector([center.0, center.1]), "inputWidth": .number(width),
                    "inputColor0": .color(SIMD4(1, 0, 0, 1)), "inputColor1": .color(SIMD4(0, 0, 1, 1))
                ],
                rect: rect)
            for row in 0..<b.height {
                for x in 0..<b.width {
                    let (px, py) = Self.centre(x, row, in: rect)
                    let parity = Int(floor((px - center.0) / width) + floor((py - center.1) / width))
                    let want: SIMD4<UInt8> = parity % 2 == 0 ? SIMD4(255, 0, 0, 255) : SIMD4(0, 0, 255, 255)
                    #expect(b.rgba(x: x, row: row) == want, "centre \(center) width \(width) at \(px), \(py)")
                }
            }
        }
    }

    /// Sharpness 0 ramps across each edge over the whole square: a pixel at the middle of a square's side,
    /// half a pixel in, has weight ½ + ½ · (0.5 / (w/2)) in x and 1 in y.
    @Test func checkerboardSoftnessIsALinearRamp() throws {
        let rect = Rect(x: 0, y: 0, width: 5, height: 5)
        let b = try render(
            "CICheckerboardGenerator",
            ["inputCenter": .vector([0, 0]), "inputWidth": .number(5), "inputSharpness": .number(0)], rect: rect)
        // Pixel (2, row 2) is the square's centre: pure colour 0 (white).
        #expect(b.rgba(x: 2, row: 2) == SIMD4(255, 255, 255, 255))
        let weight = 0.5 + 0.5 * (0.5 / 2.5)
        let p = b.rgba(x: 0, row: 2)
        #expect(abs(Double(p[0]) - Self.greyByte(weight)) <= 1.01)
    }

    @Test func stripesAreVerticalWithTheGivenWidth() throws {
        let rect = Rect(x: 0, y: 0, width: 30, height: 3)
        let b = try render(
            "CIStripesGenerator", ["inputCenter": .vector([2, 100]), "inputWidth": .number(6)], rect: rect)
        for row in 0..<b.height {
            for x in 0..<b.width {
                let (px, _) = Self.centre(x, row, in: rect)
                let colour0 = Int(floor((px - 2) / 6)) % 2 == 0
                #expect(
                    b.rgba(x: x, row: row) == (colour0 ? SIMD4(255, 255, 255, 255) : SIMD4(0, 0, 0, 255)), "x \(px)")
            }
        }
    }

    // MARK: Gradients

    @Test func linearGradientsRampAlongTheAxis() throws {
        let rect = Rect(x: 0, y: 0, width: 20, height: 2)
        let linear = try render(
            "CILinearGradient", ["inputPoint0": .vector([2, 0]), "inputPoint1": .vector([18, 0])], rect: rect)
        let smooth = try render(
            "CISmoothLinearGradient", ["inputPoint0": .vector([2, 0]), "inputPoint1": .vector([18, 0])], rect: rect)
        for x in 0..<20 {
            let t = min(max((Double(x) + 0.5 - 2) / 16, 0), 1)
            // White to black in the linear working space.
            #expect(abs(Double(linear.rgba(x: x, row: 0)[0]) - Self.greyByte(1 - t)) <= 1.01, "linear x \(x)")
            #expect(
                abs(Double(smooth.rgba(x: x, row: 1)[1]) - Self.greyByte(1 - t * t * (3 - 2 * t))) <= 1.01,
                "smooth x \(x)")
        }
        // Along a diagonal axis the colour is constant on perpendicular lines: (x, y) and (x + 1, y − 1).
        let diagonal = try render("CILinearGradient", [:], rect: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(diagonal.rgba(x: 3, row: 4) == diagonal.rgba(x: 4, row: 5))
    }

    @Test func radialGradientRampsBetweenTheRadii() throws {
        let rect = Rect(x: -12, y: -12, width: 24, height: 24)
        let b = try render(
            "CIRadialGradient",
            [
                "inputCenter": .vector([0, 0]), "inputRadius0": .number(3), "inputRadius1": .number(10),
                "inputColor0": .color(SIMD4(0, 0, 0, 1)), "inputColor1": .color(SIMD4(1, 1, 1, 1))
            ], rect: rect)
        for (x, row) in [(12, 12), (14, 10), (18, 12), (20, 3), (0, 0), (16, 19)] {
            let (px, py) = Self.centre(x, row, in: rect)
            let t = min(max(((px * px + py * py).squareRoot() - 3) / 7, 0), 1)
            #expect(abs(Double(b.rgba(x: x, row: row)[0]) - Self.greyByte(t)) <= 1.01, "at \(px), \(py)")
        }
    }

    @Test func gaussianGradientHasSigmaAThirdOfTheRadius() throws {
        let rect = Rect(x: 0, y: 0, width: 16, height: 8)
        let b = try render(
            "CIGaussianGradient",
            [
                "inputCenter": .vector([8, 4]), "inputRadius": .number(6),
                "inputColor1": .color(SIMD4(0, 0, 0, 1))
            ], rect: rect)
        for (x, row) in [(7, 3), (9, 3), (12, 4), (15, 0), (0, 7)] {
            let (px, py) = Self.centre(x, row, in: rect)
            let r2 = (px - 8) * (px - 8) + (py - 4) * (py - 4)
            let g = exp(-r2 / (2 * 2 * 2))
            #expect(abs(Double(b.rgba(x: x, row: row)[0]) - Self.greyByte(g)) <= 1.01, "at \(px), \(py)")
        }
        // With the default transparent colour 1, the alpha is the Gaussian itself.
        let clear = try render(
            "CIGaussianGradient", ["inputCenter": .vector([8, 4]), "inputRadius": .number(6)], rect: rect)
        #expect(abs(Double(clear.rgba(x: 12, row: 4)[3]) - (255 * exp(-(4.5 * 4.5 + 0.5 * 0.5) / 8))) <= 1.01)
    }

    /// HSV → RGB the textbook way (sector by sector), as display values.
    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let h6 = (h - floor(h)) * 6, sector = Int(floor(h6)) % 6, f = h6 - floor(h6)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    @Test func hueSaturationValueWheel() throws {
        var filter = try Filter(name: "CIHueSaturationValueGradient")
        try filter.setValue(.number(10), forKey: "inputRadius")
        try filter.setValue(.number(0.8), forKey: "inputValue")
        try filter.setValue(.number(0), forKey: "inputDither")
        let wheel = try filter.outputImage()
        #expect(wheel.extent == Rect(x: -10, y: -10, width: 20, height: 20))
        let b = try Renderers.render(wheel, on: Renderers.cpu)
        for (x, row) in [(16, 9), (12, 2), (3, 12), (9, 17), (14, 15), (10, 10)] {
            let (px, py) = Self.centre(x, row, in: wheel.extent)
            let hue = atan2(py, px) / (2 * Double.pi)
            let (r, g, bl) = Self.hsv(hue, min((px * px + py * py).squareRoot() / 10, 1), 0.8)
            let p = b.rgba(x: x, row: row)
            #expect(abs(Double(p[0]) - (255 * r)) <= 1.01, "red at \(px), \(py)")
            #expect(abs(Double(p[1]) - (255 * g)) <= 1.01, "green at \(px), \(py)")
            #expect(abs(Double(p[2]) - (255 * bl)) <= 1.01, "blue at \(px), \(py)")
            #expect(p[3] == 255)
        }
        #expect(b.rgba(x: 0, row: 0)[3] == 0, "outside the wheel")
    }

    @Test func roundedRectangleCoverage() throws {
        var filter = try Filter(name: "CIRoundedRectangleGenerator")
        try filter.setValue(.vector([2, 1, 20, 10]), forKey: "inputExtent")
        try filter.setValue(.number(4), forKey: "inputRadius")
        try filter.setValue(.color(SIMD4(0, 1, 0, 1)), forKey: "inputColor")
        let image = try filter.outputImage()
        #expect(image.extent == Rect(x: 2, y: 1, width: 20, height: 10))
        let b = try Renderers.render(image, on: Renderers.cpu)
        // Corner circle centred 4 in from the corner; coverage = clamp(½ − (distance − 4), 0, 1).
        for (x, row) in [(0, 9), (1, 8), (2, 7), (0, 5), (10, 5), (19, 0)] {
            let (px, py) = Self.centre(x, row, in: image.extent)
            let qx = abs(px - 12) - 6, qy = abs(py - 6) - 1
            let d = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - 4
            let coverage = min(max(0.5 - d, 0), 1)
            let p = b.rgba(x: x, row: row)
            #expect(abs(Double(p[3]) - (255 * coverage)) <= 1.01, "alpha at \(px), \(py)")
            if coverage > 0.05 { #expect(p[1] == 255, "green at \(px), \(py)") }
        }
    }

    /// The signed distance to a rounded box, for the tests: q = |p − c| − (h − r), d = |max(q, 0)| + min(max q, 0) − r.
    static func roundedBoxDistance(
        _ px: Double, _ py: Double, centre: (Double, Double), half: (Double, Double), radius r: Double
    ) -> Double {
        let qx = abs(px - centre.0) - (half.0 - r), qy = abs(py - centre.1) - (half.1 - r)
        return (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - r
    }

    @Test func roundedRectangleStrokeIsTheOutlineInside() throws {
        var filter = try Filter(name: "CIRoundedRectangleStrokeGenerator")
        try filter.setValue(.vector([2, 1, 30, 20]), forKey: "inputExtent")
        try filter.setValue(.number(6), forKey: "inputRadius")
        try filter.setValue(.number(3), forKey: "inputWidth")
        let image = try filter.outputImage()
        #expect(image.extent == Rect(x: 2, y: 1, width: 30, height: 20))
        let b = try Renderers.render(image, on: Renderers.cpu)
        // The edge column and the next two are inside the 3-pixel stroke; the fourth is not; nor is the middle.
        #expect(b.rgba(x: 0, row: 10)[3] == 255)
        #expect(b.rgba(x: 2, row: 10)[3] == 255)
        #expect(b.rgba(x: 3, row: 10)[3] == 0)
        #expect(b.rgba(x: 15, row: 10)[3] == 0)
        for (x, row) in [(0, 0), (1, 1), (2, 2), (3, 3), (4, 2), (28, 17), (15, 0)] {
            let (px, py) = Self.centre(x, row, in: image.extent)
            let d = Self.roundedBoxDistance(px, py, centre: (17, 11), half: (15, 10), radius: 6)
            let coverage = min(max(0.5 - d, 0), 1) - min(max(0.5 - d - 3, 0), 1)
            #expect(abs(Double(b.rgba(x: x, row: row)[3]) - (255 * coverage)) <= 1.01, "at \(px), \(py)")
        }
    }

    @Test func blurredRectangleIsTheBoxConvolvedWithAGaussian() throws {
        var filter = try Filter(name: "CIBlurredRectangleGenerator")
        try filter.setValue(.vector([10, 10, 40, 30]), forKey: "inputExtent")
        try filter.setValue(.number(4), forKey: "inputSigma")
        let image = try filter.outputImage()
        #expect(image.extent == Rect(x: -2, y: -2, width: 64, height: 54))
        let b = try Renderers.render(image, on: Renderers.cpu)
        let s = 4 * 2.0.squareRoot()
        for (x, row) in [(32, 27), (12, 27), (8, 27), (4, 27), (12, 42), (60, 1), (31, 40)] {
            let (px, py) = Self.centre(x, row, in: image.extent)
            let cx = 0.5 * (erf((50 - px) / s) - erf((10 - px) / s))
            let cy = 0.5 * (erf((40 - py) / s) - erf((10 - py) / s))
            #expect(abs(Double(b.rgba(x: x, row: row)[3]) - (255 * cx * cy)) <= 1.01, "at \(px), \(py)")
        }
    }

    // MARK: Random

    @Test func randomIsUniformDeterministicAndIndependent() throws {
        let rect = Rect(x: -40, y: 1000, width: 64, height: 64)
        let a = try render("CIRandomGenerator", [:], rect: rect),
            again = try render("CIRandomGenerator", [:], rect: rect)
        #expect(a.planes[0].bytes == again.planes[0].bytes, "deterministic")
        // The alpha channel is the fourth value itself: its bytes spread evenly over 8 bins.
        var bins = [Int](repeating: 0, count: 8)
        var sameAsLeft = 0, redEqualsGreen = 0
        for row in 0..<64 {
            for x in 0..<64 {
                let p = a.rgba(x: x, row: row)
                bins[Int(p[3]) / 32] += 1
                if x > 0, a.rgba(x: x - 1, row: row) == p { sameAsLeft += 1 }
                if p[0] == p[1] { redEqualsGreen += 1 }
            }
        }
        let expected = 64.0 * 64 / 8
        for (i, n) in bins.enumerated() {
            #expect(abs(Double(n) - expected) <= expected * 0.15, "alpha bin \(i)")
        }
        #expect(sameAsLeft < 5, "neighbours differ")
        #expect(redEqualsGreen < (4096 / 20), "channels are independent")
    }

    /// The hash is exact in 32-bit floats, so GLES gives the CPU's pixels even far from the origin.
    @Test func randomAgreesAcrossRenderersFarFromTheOrigin() throws {
        let gles = try Renderers.glesRenderer()
        for origin in [(-5000.0, 70000.0), (123456.0, -98765.0)] {
            let image = try Filter(name: "CIRandomGenerator").outputImage().cropped(
                to: Rect(x: origin.0, y: origin.1, width: 32, height: 8))
            let d = maxDifference(try Renderers.render(image, on: gles), try Renderers.render(image, on: Renderers.cpu))
            #expect(d.value <= 1, "at \(origin): x \(d.x) row \(d.row)")
        }
    }

    // MARK: Lights

    @Test func starShineCoreAndCross() throws {
        let rect = Rect(x: -40, y: -40, width: 80, height: 80)
        let b = try render(
            "CIStarShineGenerator",
            [
                "inputCenter": .vector([0, 0]), "inputRadius": .number(4), "inputCrossAngle": .number(0),
                "inputCrossOpacity": .number(0), "inputCrossWidth": .number(2), "inputEpsilon": .number(0)
            ],
            rect: rect)
        // Next to the centre the core is near 1: almost white (the default colour's red is 1 already), opaque.
        let centre = b.rgba(x: 40, row: 39)
        #expect(centre[0] == 255)
        #expect(centre[3] == 255)
        #expect(centre.min() >= 240)
        // 30 pixels out along the cross (the x axis) the spike shows; as far out off the cross, nothing.
        let onArm = b.rgba(x: 70, row: 39), offArm = b.rgba(x: 61, row: 18)
        #expect(onArm[3] > 100)
        #expect(offArm[3] == 0)
        // The spike's brightness there: exp(−(b/w)²)·(1 − a/L)^p, a = 30.5, b = 0.5, L = 15·4, p = 2⁰ = 1
        // (the other arm and the core add nothing measurable).
        let arm = exp(-(0.5 / 2) * (0.5 / 2)) * (1 - 30.5 / 60)
        #expect(abs(Double(onArm[3]) - (255 * arm)) <= 1.01)
    }

    @Test func sunbeamsSunAndGlow() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 2)
        let parameters: [String: FilterValue] = [
            "inputCenter": .vector([0, 0.5]), "inputSunRadius": .number(10),
            "inputMaxStriationRadius": .number(2), "inputStriationStrength": .number(0)
        ]
        let b = try render("CISunbeamsGenerator", parameters, rect: rect)
        // Inside the sun: white and opaque.
        #expect(b.rgba(x: 3, row: 1) == SIMD4(255, 255, 255, 255))
        // Outside it, without rays, the glow ½·exp(−3x), x = (r − R) / (R · 2), of the colour.
        for px in [12, 20, 28, 40] {
            let r = Double(px) + 0.5
            let glow = 0.5 * exp(-3 * (r - 10) / 20)
            #expect(abs(Double(b.rgba(x: px, row: 1)[3]) - (255 * glow)) <= 1.01, "glow at \(r)")
        }
        // Rays only add, and only within their reach (r < 30).
        var withRays = parameters
        withRays["inputStriationStrength"] = .number(1)
        let rays = try render("CISunbeamsGenerator", withRays, rect: rect)
        #expect(rays.rgba(x: 15, row: 1)[3] > b.rgba(x: 15, row: 1)[3])
        #expect(rays.rgba(x: 40, row: 1) == b.rgba(x: 40, row: 1))
    }

    @Test func lenticularHaloRingPeaksAtItsRadiusAndSplitsColours() throws {
        let rect = Rect(x: 0, y: 0, width: 30, height: 1)
        let plain = try render(
            "CILenticularHaloGenerator",
            [
                "inputCenter": .vector([0.5, 0.5]), "inputHaloRadius": .number(10),
                "inputHaloWidth": .number(8), "inputHaloOverlap": .number(1),
                "inputStriationStrength": .number(0), "inputColor": .color(SIMD4(1, 1, 1, 1))
            ], rect: rect)
        // Pixel x is at distance x from the centre; ring = 1 − ((r − 10) / 4)².
        for x in [6, 8, 10, 12, 14, 16] {
            let u = (Double(x) - 10) / 4
            #expect(abs(Double(plain.rgba(x: x, row: 0)[3]) - (255 * max(1 - u * u, 0))) <= 1.01, "ring at \(x)")
        }
        // With no overlap the red ring moves out and the blue ring in by half the width.
        let split = try render(
            "CILenticularHaloGenerator",
            [
                "inputCenter": .vector([0.5, 0.5]), "inputHaloRadius": .number(10),
                "inputHaloWidth": .number(8), "inputHaloOverlap": .number(0),
                "inputStriationStrength": .number(0), "inputColor": .color(SIMD4(1, 1, 1, 1))
            ], rect: rect)
        let outer = split.rgba(x: 14, row: 0), inner = split.rgba(x: 6, row: 0)
        #expect(outer[3] == 255)
        #expect(outer[0] == 255)
        #expect(outer[2] < 10)
        #expect(inner[3] == 255)
        #expect(inner[2] == 255)
        #expect(inner[0] < 10)
    }

    // MARK: Both renderers where the pattern is

    /// The registry-wide agreement test crops generators to the origin's 48×32, where several of these show
    /// nothing; here each is rendered where its pattern lies, at its defaults and with other settings, on
    /// both renderers.
    @Test func generatorsAgreeAcrossRenderersWhereThePatternIs() throws {
        let gles = try Renderers.glesRenderer()
        let around150 = Rect(x: 110, y: 120, width: 80, height: 60)
        let cases: [(String, [String: FilterValue], Rect)] = [
            ("CICheckerboardGenerator", [:], around150),
            (
                "CICheckerboardGenerator",
                [
                    "inputWidth": .number(7), "inputSharpness": .number(0.3),
                    "inputColor1": .color(SIMD4(0.2, 0.4, 1, 0.5))
                ], around150
            ),
            ("CIStripesGenerator", ["inputWidth": .number(9), "inputSharpness": .number(0.5)], around150),
            ("CIRandomGenerator", [:], around150),
            ("CILinearGradient", ["inputColor1": .color(SIMD4(1, 0, 0, 0.3))], around150),
            (
                "CISmoothLinearGradient", ["inputPoint0": .vector([120, 130]), "inputPoint1": .vector([170, 150])],
                around150
            ),
            ("CIRadialGradient", ["inputRadius0": .number(10), "inputRadius1": .number(30)], around150),
            ("CIGaussianGradient", ["inputRadius": .number(40)], around150),
            (
                "CIHueSaturationValueGradient", ["inputRadius": .number(30), "inputValue": .number(0.7)],
                Rect(x: -40, y: -40, width: 80, height: 80)
            ),
            (
                "CIHueSaturationValueGradient",
                ["inputRadius": .number(30), "inputSoftness": .number(6), "inputDither": .number(2)],
                Rect(x: -40, y: -40, width: 80, height: 80)
            ),
            (
                "CIRoundedRectangleGenerator", ["inputExtent": .vector([3, 2, 50, 30]), "inputRadius": .number(12.5)],
                Rect(x: 0, y: 0, width: 60, height: 40)
            ),
            (
                "CIRoundedRectangleStrokeGenerator",
                ["inputExtent": .vector([3, 2, 50, 30]), "inputRadius": .number(12.5), "inputWidth": .number(4.5)],
                Rect(x: 0, y: 0, width: 60, height: 40)
            ),
            (
                "CIBlurredRectangleGenerator", ["inputExtent": .vector([10, 8, 30, 20]), "inputSigma": .number(3.5)],
                Rect(x: 0, y: 0, width: 60, height: 40)
            ),
            (
                "CIBlurredRectangleGenerator", ["inputExtent": .vector([10, 8, 30, 20]), "inputSigma": .number(0)],
                Rect(x: 0, y: 0, width: 60, height: 40)
            ),
            ("CIStarShineGenerator", [:], around150),
            (
                "CIStarShineGenerator",
                [
                    "inputRadius": .number(8), "inputCrossAngle": .number(-1), "inputEpsilon": .number(0),
                    "inputCrossOpacity": .number(-1)
                ], around150
            ),
            ("CISunbeamsGenerator", [:], around150),
            (
                "CISunbeamsGenerator",
                [
                    "inputSunRadius": .number(12), "inputStriationStrength": .number(2),
                    "inputStriationContrast": .number(3), "inputTime": .number(0.4)
                ], around150
            ),
            ("CILenticularHaloGenerator", [:], Rect(x: 60, y: 60, width: 180, height: 180)),
            (
                "CILenticularHaloGenerator",
                ["inputHaloOverlap": .number(0.2), "inputStriationContrast": .number(4), "inputTime": .number(0.7)],
                around150
            )
        ]
        for (name, parameters, rect) in cases {
            var filter = try Filter(name: name)
            for (key, value) in parameters { try filter.setValue(value, forKey: key) }
            let image = try filter.outputImage().cropped(to: rect)
            let d = maxDifference(try Renderers.render(image, on: gles), try Renderers.render(image, on: Renderers.cpu))
            #expect(d.value <= 2, "\(name) \(parameters) differs by \(d.value) at x \(d.x) row \(d.row)")
        }
    }
}
