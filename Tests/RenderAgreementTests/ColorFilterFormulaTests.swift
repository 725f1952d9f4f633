import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The colour adjustment and colour effect filters against values computed here from their documented
/// formulas (the descriptors' doc comments): straight linear working-space colour, Rec.709 luma, the sRGB
/// curve at the edges, and "perceptual" = gamma 2 (p = √c). Each test renders small images of known bytes
/// on the CPU renderer (the GLES renderer is held to the CPU one by EveryFilterAgreementTests).
@Suite(.serialized) struct ColorFilterFormulaTests {
    typealias RGB = (Double, Double, Double)

    static func linear(_ byte: Double) -> Double {
        let v = byte / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    static func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }
    /// The byte an output component of straight linear value `l` is written as.
    static func byte(_ l: Double) -> Double { 255 * encode(min(max(l, 0), 1)) }
    static func luma(_ c: RGB) -> Double { 0.2126 * c.0 + 0.7152 * c.1 + 0.0722 * c.2 }

    /// Sample colours (sRGB bytes) spread over the cube: darks, mids, brights, saturated and grey.
    static let samples: [SIMD4<UInt8>] = [
        SIMD4(0, 0, 0, 255), SIMD4(255, 255, 255, 255), SIMD4(200, 100, 50, 255), SIMD4(30, 160, 220, 255),
        SIMD4(128, 128, 128, 255), SIMD4(12, 40, 8, 255), SIMD4(250, 10, 130, 255), SIMD4(90, 200, 140, 255)
    ]

    /// A one-row image of `pixels` (sRGB bytes, straight alpha).
    static func image(_ pixels: [SIMD4<UInt8>]) -> Image {
        var buffer = PixelBuffer(width: pixels.count, height: 1, format: .rgba8)
        for (i, p) in pixels.enumerated() { for c in 0..<4 { buffer.planes[0].bytes[i * 4 + c] = p[c] } }
        return Image(buffer: buffer)
    }

    static func render(_ image: Image) throws -> PixelBuffer { try Renderers.render(image, on: Renderers.cpu) }

    /// Renders `samples` through the filter and compares every pixel with `expected`, which maps the input's
    /// straight linear colour to the output's (alpha kept at 255).
    func check(
        _ filter: String, _ parameters: [String: FilterValue] = [:], pixels: [SIMD4<UInt8>] = samples,
        tolerance: Double = 1.01, expected: (RGB) -> RGB, line: UInt = #line
    ) throws {
        let out = try Self.render(try Self.apply(filter, to: Self.image(pixels), parameters))
        for (x, p) in pixels.enumerated() {
            let e = expected((Self.linear(Double(p.x)), Self.linear(Double(p.y)), Self.linear(Double(p.z))))
            let want = [Self.byte(e.0), Self.byte(e.1), Self.byte(e.2)]
            let got = out.rgba(x: x, row: 0)
            for c in 0..<3 {
                #expect(abs(Double(got[c]) - want[c]) <= tolerance, "\(filter) \(parameters) pixel \(p) channel \(c)")
            }
            #expect(got[3] == 255)
        }
    }

    /// The two filters with a second image input are not in the registry's lists yet (see
    /// `ColorFilterAgreementTests.unlisted`); they are applied through their descriptors.
    static func apply(_ filter: String, to image: Image, _ parameters: [String: FilterValue] = [:]) throws -> Image {
        guard let descriptor = ColorFilterAgreementTests.unlisted[filter] else {
            return try image.applyingFilter(filter, parameters: parameters)
        }
        var f = Filter(descriptor: descriptor)
        try f.setValue(.image(image), forKey: "inputImage")
        for (key, value) in parameters { try f.setValue(value, forKey: key) }
        return try f.outputImage()
    }

    func map(_ c: RGB, _ f: (Double) -> Double) -> RGB { (f(c.0), f(c.1), f(c.2)) }
    static func perceptual(_ v: Double) -> Double { v < 0 ? -(-v).squareRoot() : v.squareRoot() }

    // MARK: colour adjustment

    @Test func colorClampClampsEachComponent() throws {
        try check(
            "CIColorClamp",
            ["inputMinComponents": .vector([0.1, 0.2, 0.3, 0]), "inputMaxComponents": .vector([0.5, 0.6, 0.7, 1])]
        ) { c in
            (min(max(c.0, 0.1), 0.5), min(max(c.1, 0.2), 0.6), min(max(c.2, 0.3), 0.7))
        }
    }

    @Test func colorPolynomialIsACubicPerComponent() throws {
        let red = [0.05, 0.5, 0.2, 0.3], green = [0, 1.2, -0.4, 0.1], blue = [0.1, 0.3, 0.3, 0.2]
        func poly(_ k: [Double], _ v: Double) -> Double { k[0] + k[1] * v + k[2] * v * v + k[3] * v * v * v }
        try check(
            "CIColorPolynomial",
            [
                "inputRedCoefficients": .vector(red), "inputGreenCoefficients": .vector(green),
                "inputBlueCoefficients": .vector(blue)
            ]
        ) { c in
            (poly(red, c.0), poly(green, c.1), poly(blue, c.2))
        }
        // Alpha has its own polynomial: half the alpha, straight colour unchanged.
        let out = try Self.render(
            try Self.image([SIMD4(200, 100, 50, 255)])
                .applyingFilter("CIColorPolynomial", parameters: ["inputAlphaCoefficients": .vector([0, 0.5, 0, 0])]))
        #expect(abs(Double(out.rgba(x: 0, row: 0)[3]) - 127.5) <= 1)
        #expect(abs(Double(out.rgba(x: 0, row: 0)[0]) - 200) <= 1)
    }

    @Test func colorThresholdIsOneAboveTheThreshold() throws {
        try check("CIColorThreshold", ["inputThreshold": .number(0.3)]) { c in self.map(c) { $0 > 0.3 ? 1 : 0 } }
    }

    @Test func colorAbsoluteDifferenceOfTwoImages() throws {
        let a = Self.samples, b = Array(Self.samples.reversed())
        let out = try Self.render(
            try Self.apply("CIColorAbsoluteDifference", to: Self.image(a), ["inputImage2": .image(Self.image(b))]))
        for x in a.indices {
            for c in 0..<3 {
                let want = Self.byte(abs(Self.linear(Double(a[x][c])) - Self.linear(Double(b[x][c]))))
                #expect(abs(Double(out.rgba(x: x, row: 0)[c]) - want) <= 1.01, "pixel \(x) channel \(c)")
            }
        }
        // Alpha is the product of the alphas.
        let half = try Self.render(
            try Self.apply(
                "CIColorAbsoluteDifference", to: Self.image([SIMD4(255, 0, 0, 128)]),
                ["inputImage2": .image(Self.image([SIMD4(0, 0, 0, 128)]))]))
        let expectedAlpha: Double = 255 * (128.0 / 255) * (128.0 / 255)
        #expect(abs(Double(half.rgba(x: 0, row: 0)[3]) - expectedAlpha) <= 1)
        #expect(half.rgba(x: 0, row: 0)[0] == 255)
    }

    @Test func sRGBToneCurvesAreTheSRGBCurveOnWorkingValues() throws {
        try check("CILinearToSRGBToneCurve") { c in self.map(c, Self.encode) }
        try check("CISRGBToneCurveToLinear") { c in
            self.map(c) { v in v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        }
    }

    @Test func whitePointAdjustScalesByTheColour() throws {
        let w = (Self.linear(255), Self.linear(200), Self.linear(120))
        try check("CIWhitePointAdjust", ["inputColor": .color(SIMD4(1, 200.0 / 255, 120.0 / 255, 1))]) { c in
            (c.0 * w.0, c.1 * w.1, c.2 * w.2)
        }
    }

    /// Linear sRGB of a chromaticity, scaled so its largest component is `peak`.
    static func rgb(x: Double, y: Double, peak: Double) -> RGB {
        let X = x / y, Z = (1 - x - y) / y
        let r = 3.2404542 * X - 1.5371385 - 0.4985314 * Z
        let g = -0.9692660 * X + 1.8760108 + 0.0415560 * Z
        let b = 0.0556434 * X - 0.2040259 + 1.0572252 * Z
        let m = max(r, g, b)
        return (r / m * peak, g / m * peak, b / m * peak)
    }

    @Test func temperatureAndTintMovesTheNeutralWhiteOntoTheTarget() throws {
        try check(
            "CITemperatureAndTint", ["inputNeutral": .vector([4200, 10]), "inputTargetNeutral": .vector([4200, 10])]
        ) { $0 }
        // Planckian chromaticities from the CIE tables: 3000 K (0.4369, 0.4041), 6500 K (0.3135, 0.3236).
        // A pixel the colour of 3000 K light, with 3000 K as the neutral and 6500 K as the target, becomes the
        // colour of 6500 K light (von Kries keeps the white's luminance).
        let warm = Self.rgb(x: 0.4369, y: 0.4041, peak: 0.8)
        let bytes = SIMD4<UInt8>(
            UInt8(Self.byte(warm.0).rounded()), UInt8(Self.byte(warm.1).rounded()), UInt8(Self.byte(warm.2).rounded()),
            255)
        let input = (Self.linear(Double(bytes.x)), Self.linear(Double(bytes.y)), Self.linear(Double(bytes.z)))
        let cool = Self.rgb(x: 0.3135, y: 0.3236, peak: 1)
        // Scale the target white to the input's luminance.
        let k = Self.luma(input) / Self.luma(cool)
        let out = try Self.render(
            try Self.image([bytes]).applyingFilter(
                "CITemperatureAndTint",
                parameters: ["inputNeutral": .vector([3000, 0]), "inputTargetNeutral": .vector([6500, 0])]))
        let want = [Self.byte(cool.0 * k), Self.byte(cool.1 * k), Self.byte(cool.2 * k)]
        for c in 0..<3 { #expect(abs(Double(out.rgba(x: 0, row: 0)[c]) - want[c]) <= 2.5, "channel \(c)") }
        // Grey under a warm neutral turns cool; a magenta neutral turns grey green.
        let grey = [SIMD4<UInt8>(128, 128, 128, 255)]
        let cooled = try Self.render(
            try Self.image(grey).applyingFilter(
                "CITemperatureAndTint", parameters: ["inputNeutral": .vector([4000, 0])]))
        #expect(cooled.rgba(x: 0, row: 0)[2] > cooled.rgba(x: 0, row: 0)[0])
        let greened = try Self.render(
            try Self.image(grey).applyingFilter(
                "CITemperatureAndTint", parameters: ["inputNeutral": .vector([6500, 40])]))
        let g = greened.rgba(x: 0, row: 0)
        #expect(g[1] > g[0])
        #expect(g[1] > g[2])
    }

    @Test func toneCurveThroughCollinearPointsIsThatLineInPerceptualSpace() throws {
        let points = (0..<5).map { i -> FilterValue in
            let x = Double(i) / 4
            return .vector([x, 0.2 + 0.6 * x])
        }
        var parameters: [String: FilterValue] = [:]
        for (i, p) in points.enumerated() { parameters["inputPoint\(i)"] = p }
        try check("CIToneCurve", parameters) { c in
            self.map(c) { v in
                let q = 0.2 + 0.6 * v.squareRoot()
                return q * q
            }
        }
    }

    @Test func toneCurvePassesThroughItsPointsAndIsMonotone() throws {
        // A point placed exactly at the perceptual value of byte 100 maps it to that point's output.
        let p = Self.linear(100).squareRoot()
        let parameters: [String: FilterValue] = [
            "inputPoint0": .vector([0, 0.1]), "inputPoint1": .vector([0.2, 0.15]),
            "inputPoint2": .vector([p, 0.3]), "inputPoint3": .vector([0.7, 0.8]), "inputPoint4": .vector([1, 0.9])
        ]
        try check("CIToneCurve", parameters, pixels: [SIMD4(100, 100, 100, 255)]) { _ in (0.09, 0.09, 0.09) }
        // Black sits on the first point: 0.1² linear.
        try check("CIToneCurve", parameters, pixels: [SIMD4(0, 0, 0, 255)]) { _ in (0.01, 0.01, 0.01) }
        // Monotone points give a monotone curve (no overshoot), inside the points' output range.
        let ramp = (0..<256).map { SIMD4<UInt8>(UInt8($0), UInt8($0), UInt8($0), 255) }
        let out = try Self.render(try Self.image(ramp).applyingFilter("CIToneCurve", parameters: parameters))
        var previous = 0
        for x in 0..<256 {
            let v = Int(out.rgba(x: x, row: 0)[0])
            #expect(v >= previous, "x \(x)")
            #expect(Double(v) <= (Self.byte(0.81) + 1), "x \(x)")
            previous = v
        }
    }

    @Test func highlightShadowAdjustGainFollowsLocalBrightness() throws {
        let shadow = 0.8, highlight = 0.3
        func gain(_ c: RGB) -> Double {
            let l = min(max(Self.luma(c), 0), 1).squareRoot()
            return (1 + 0.5 * shadow * (1 - l) * (1 - l)) * (1 - 0.5 * (1 - highlight) * l * l)
        }
        let parameters: [String: FilterValue] = [
            "inputShadowAmount": .number(shadow), "inputHighlightAmount": .number(highlight)
        ]
        try check("CIHighlightShadowAdjust", parameters) { c in
            let g = gain(c)
            return self.map(c) { $0 * g * g }
        }
        // With a radius the brightness is the blurred one; on a uniform image that is the pixel's own.
        let uniform = [SIMD4<UInt8>](repeating: SIMD4(60, 90, 40, 255), count: 8)
        var withRadius = parameters
        withRadius["inputRadius"] = .number(3)
        try check("CIHighlightShadowAdjust", withRadius, pixels: uniform) { c in
            let g = gain(c)
            return self.map(c) { $0 * g * g }
        }
        // On a dark pixel beside bright ones the blurred brightness is higher than its own: less lift.
        let mixed =
            [SIMD4<UInt8>](repeating: SIMD4(250, 250, 250, 255), count: 4) + [SIMD4(30, 30, 30, 255)]
            + [SIMD4<UInt8>](repeating: SIMD4(250, 250, 250, 255), count: 4)
        let sharp = try Self.render(
            try Self.image(mixed).applyingFilter(
                "CIHighlightShadowAdjust", parameters: ["inputShadowAmount": .number(1)]))
        let blurred = try Self.render(
            try Self.image(mixed).applyingFilter(
                "CIHighlightShadowAdjust",
                parameters: ["inputShadowAmount": .number(1), "inputRadius": .number(2)]))
        #expect(blurred.rgba(x: 4, row: 0)[0] < sharp.rgba(x: 4, row: 0)[0])
    }

    // MARK: colour effect

    @Test func colorMonochromeIsAnOverlayOfGreyAndColourInPerceptualSpace() throws {
        let k = [
            Self.linear(0.6 * 255).squareRoot(), Self.linear(0.45 * 255).squareRoot(),
            Self.linear(0.3 * 255).squareRoot()
        ]
        for intensity in [1.0, 0.4] {
            try check("CIColorMonochrome", ["inputIntensity": .number(intensity)]) { c in
                let y = min(max(Self.luma(c), 0), 1).squareRoot()
                let t = k.map { y < 0.5 ? 2 * y * $0 : 1 - 2 * (1 - y) * (1 - $0) }
                let input = [c.0, c.1, c.2]
                let out = (0..<3).map { input[$0] + (t[$0] * t[$0] - input[$0]) * intensity }
                return (out[0], out[1], out[2])
            }
        }
    }

    @Test func colorPosterizeStepsEvenlyInPerceptualSpace() throws {
        try check("CIColorPosterize", ["inputLevels": .number(4)]) { c in
            self.map(c) { v in
                let q = min((v.squareRoot() * 4).rounded(.down), 3) / 3
                return q * q
            }
        }
        // Every output takes one of the four values.
        let ramp = (0..<256).map { SIMD4<UInt8>(UInt8($0), UInt8($0), UInt8($0), 255) }
        let out = try Self.render(
            try Self.image(ramp).applyingFilter("CIColorPosterize", parameters: ["inputLevels": .number(4)]))
        let levels = Set((0..<256).map { out.rgba(x: $0, row: 0)[0] })
        #expect(levels.count == 4)
    }

    @Test func falseColorMixesTheTwoColoursByLuma() throws {
        let c0 = [Self.linear(0.3 * 255), 0, 0].map { $0.squareRoot() },
            c1 = [1, Self.linear(0.9 * 255), Self.linear(0.8 * 255)].map { $0.squareRoot() }
        try check("CIFalseColor") { c in
            let t = min(max(Self.luma(c), 0), 1).squareRoot()
            let q = (0..<3).map { c0[$0] + (c1[$0] - c0[$0]) * t }
            return (q[0] * q[0], q[1] * q[1], q[2] * q[2])
        }
    }

    @Test func maskToAlphaIsWhiteWithLumaAsAlpha() throws {
        let out = try Self.render(try Self.image(Self.samples).applyingFilter("CIMaskToAlpha"))
        for (x, p) in Self.samples.enumerated() {
            let l = Self.luma((Self.linear(Double(p.x)), Self.linear(Double(p.y)), Self.linear(Double(p.z))))
            let got = out.rgba(x: x, row: 0)
            #expect(abs(Double(got[3]) - (255 * l)) <= 1, "pixel \(x)")
            if got[3] > 0 {
                #expect(got[0] == 255)
                #expect(got[1] == 255)
                #expect(got[2] == 255)
            }
        }
    }

    @Test func maximumAndMinimumComponentPickTheLargestAndSmallestByte() throws {
        // The sRGB curve is monotone, so the largest linear component is the largest byte.
        let maxOut = try Self.render(try Self.image(Self.samples).applyingFilter("CIMaximumComponent"))
        let minOut = try Self.render(try Self.image(Self.samples).applyingFilter("CIMinimumComponent"))
        for (x, p) in Self.samples.enumerated() {
            for c in 0..<3 {
                #expect(abs(Int(maxOut.rgba(x: x, row: 0)[c]) - Int(max(p.x, p.y, p.z))) <= 1)
                #expect(abs(Int(minOut.rgba(x: x, row: 0)[c]) - Int(min(p.x, p.y, p.z))) <= 1)
            }
        }
    }

    @Test func thermalRampsThroughItsStops() throws {
        let stops: [[Double]] = [[0, 0, 0.25], [0.45, 0, 0.7], [0.9, 0.1, 0.25], [1, 0.6, 0], [1, 1, 0.75]]
        try check("CIThermal") { c in
            let s = 4 * min(max(Self.luma(c), 0), 1).squareRoot()
            let k = min(Int(s), 3), f = s - Double(k)
            let q = (0..<3).map { stops[k][$0] + (stops[k + 1][$0] - stops[k][$0]) * f }
            return (q[0] * q[0], q[1] * q[1], q[2] * q[2])
        }
    }

    @Test func xRayIsInvertedPerceptualGreyWithAColdTint() throws {
        try check("CIXRay") { c in
            let v = 1 - min(max(Self.luma(c), 0), 1).squareRoot()
            return (pow(0.85 * v, 2), pow(0.93 * v, 2), v * v)
        }
    }

    @Test func colorCrossPolynomialTerms() throws {
        let red = [0.5, 0.1, 0, 0.2, 0, 0, 0.1, 0, 0, 0.05], green = [0, 0.8, 0, 0, 0.1, 0, 0, 0.2, 0, 0]
        let blue = [0.1, 0, 0.6, 0, 0, 0.3, 0, 0, 0.2, -0.02]
        func f(_ k: [Double], _ c: RGB) -> Double {
            let (r, g, b) = c
            return k[0] * r + k[1] * g + k[2] * b + k[3] * r * r + k[4] * g * g + k[5] * b * b + k[6] * r * g + k[7] * g
                * b + k[8] * b * r + k[9]
        }
        try check(
            "CIColorCrossPolynomial",
            [
                "inputRedCoefficients": .vector(red), "inputGreenCoefficients": .vector(green),
                "inputBlueCoefficients": .vector(blue)
            ]
        ) { c in (f(red, c), f(green, c), f(blue, c)) }
    }

    @Test func colorMapReadsTheGradientAtPerceptualLuma() throws {
        // A two-pixel gradient from black to red: bilinear between their linear colours, red = t.
        var gradient = PixelBuffer(width: 2, height: 1, format: .rgba8)
        gradient.planes[0].bytes = [0, 0, 0, 255, 255, 0, 0, 255]
        try check("CIColorMap", ["inputGradientImage": .image(Image(buffer: gradient))]) { c in
            (min(max(Self.luma(c), 0), 1).squareRoot(), 0, 0)
        }
    }

    @Test func ditherAddsTheHashedNoiseInPerceptualSpace() throws {
        // Gustavson's permutation polynomial, in integers.
        func mod289(_ v: Int) -> Int { ((v % 289) + 289) % 289 }
        func permute(_ v: Int) -> Int { mod289((34 * v + 1) * v) }
        let intensity = 2.0, amplitude = intensity * 16 / 255
        let pixels = [SIMD4<UInt8>](repeating: SIMD4(120, 60, 200, 255), count: 40)
        let out = try Self.render(
            try Self.image(pixels).applyingFilter("CIDither", parameters: ["inputIntensity": .number(intensity)]))
        var noises: [Double] = []
        for x in pixels.indices {
            let n = Double(permute(mod289(permute(x) + 0))) / 289 - 0.5
            noises.append(n)
            for c in 0..<3 {
                let p = Self.linear(Double(pixels[x][c])).squareRoot() + amplitude * n
                #expect(abs(Double(out.rgba(x: x, row: 0)[c]) - Self.byte(p * abs(p))) <= 1.01, "x \(x) channel \(c)")
            }
        }
        // The noise is spread across its range, not a constant.
        #expect(Set(noises.map { ($0 * 10).rounded() }).count > 5)
        let image = Self.image(pixels)
        #expect(try image.applyingFilter("CIDither", parameters: ["inputIntensity": .number(0)]) === image)
    }

    @Test func photoEffectsAreTheirMatrixThenTheirCurve() throws {
        // Tonal: grey at the luma, contrast untouched.
        try check("CIPhotoEffectTonal") { c in
            let y = Self.luma(c)
            return (y, y, y)
        }
        // Noir: grey, then its curve; the same as CIColorControls (saturation 0) and CIToneCurve with its points.
        let noirPoints: [String: FilterValue] = [
            "inputPoint0": .vector([0, 0]), "inputPoint1": .vector([0.25, 0.14]),
            "inputPoint2": .vector([0.5, 0.5]), "inputPoint3": .vector([0.75, 0.86]), "inputPoint4": .vector([1, 1])
        ]
        let source = Self.image(Self.samples)
        let noir = try Self.render(try source.applyingFilter("CIPhotoEffectNoir"))
        let composed = try Self.render(
            try source.applyingFilter("CIColorControls", parameters: ["inputSaturation": .number(0)])
                .applyingFilter("CIToneCurve", parameters: noirPoints))
        #expect(maxDifference(noir, composed).value <= 1)
        // Black-and-white looks are grey; Fade lifts black to its curve's first output (0.12, perceptual).
        for name in ["CIPhotoEffectMono", "CIPhotoEffectNoir", "CIPhotoEffectTonal"] {
            let out = try Self.render(try source.applyingFilter(name))
            for x in Self.samples.indices {
                let p = out.rgba(x: x, row: 0)
                #expect(abs(Int(p[0]) - Int(p[1])) <= 1, "\(name)")
                #expect(abs(Int(p[1]) - Int(p[2])) <= 1, "\(name)")
            }
        }
        try check("CIPhotoEffectFade", pixels: [SIMD4(0, 0, 0, 255)]) { _ in (0.0144, 0.0144, 0.0144) }
        // Chrome saturates: the spread between a colourful pixel's components grows.
        let chrome = try Self.render(try Self.image([SIMD4(200, 100, 50, 255)]).applyingFilter("CIPhotoEffectChrome"))
            .rgba(x: 0, row: 0)
        #expect((Int(chrome[0]) - Int(chrome[2])) > 150)
        // Process is cool and Transfer warm, on grey.
        let grey = Self.image([SIMD4(128, 128, 128, 255)])
        let process = try Self.render(try grey.applyingFilter("CIPhotoEffectProcess")).rgba(x: 0, row: 0)
        let transfer = try Self.render(try grey.applyingFilter("CIPhotoEffectTransfer")).rgba(x: 0, row: 0)
        #expect(process[2] > process[0])
        #expect(transfer[0] > transfer[2])
    }

    @Test func identitySettingsReturnTheInputItself() throws {
        let image = Self.image(Self.samples)
        for name in [
            "CIToneCurve", "CIColorPolynomial", "CIColorCrossPolynomial", "CITemperatureAndTint", "CIWhitePointAdjust",
            "CIHighlightShadowAdjust"
        ] {
            #expect(try image.applyingFilter(name) === image, "\(name)")
        }
        #expect(try image.applyingFilter("CIColorMonochrome", parameters: ["inputIntensity": .number(0)]) === image)
    }

    @Test func badValuesAreTypedErrors() {
        do {
            _ = try Self.image(Self.samples).applyingFilter("CIColorPosterize", parameters: ["inputLevels": .number(0)])
            Issue.record("expected an error")
        } catch {
            let e = error
            #expect(
                (e as? FilterError)
                    == .outOfRange(filter: "CIColorPosterize", key: "inputLevels", value: 0, range: 1...Double.infinity)
            )
        }
        do {
            _ = try Self.image(Self.samples).applyingFilter("CIToneCurve", parameters: ["inputPoint1": .vector([0.5])])
            Issue.record("expected an error")
        } catch {
            let e = error
            #expect(
                (e as? FilterError)
                    == .invalidValue(filter: "CIToneCurve", key: "inputPoint1", reason: "needs 2 components, got 1"))
        }
        do {
            _ = try Self.apply(
                "CIColorMap", to: Self.image(Self.samples),
                ["inputGradientImage": .image(Image(color: SIMD4(1, 0, 0, 1)))])
            Issue.record("expected an error")
        } catch {
            let e = error
            #expect(
                (e as? FilterError)
                    == .invalidValue(
                        filter: "CIColorMap", key: "inputGradientImage",
                        reason: "the gradient's extent is infinite: crop it first"))
        }
        do {
            _ = try Self.apply("CIColorAbsoluteDifference", to: Self.image(Self.samples))
            Issue.record("expected an error")
        } catch {
            let e = error
            #expect((e as? FilterError) == .missingInput(filter: "CIColorAbsoluteDifference", key: "inputImage2"))
        }
    }
}
