import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// Small known pictures and readers for the blur, sharpen, stylize and halftone formula tests. Coordinates
/// are Core Image's: x right, y up, pixel (x, y) has its centre at (x + 0.5, y + 0.5).
enum FormulaPictures {
    /// sRGB byte → linear (IEC 61966-2-1) and back, written here rather than borrowed from Iris.
    static func linear(_ byte: Double) -> Double { HandComputedFilterTests.linear(byte) }
    static func encoded(_ l: Double) -> Double { HandComputedFilterTests.encoded(l) }

    /// An opaque RGBA8 picture whose pixel (x, y) (y up) has sRGB bytes `colour(x, y)`, alpha 255.
    static func picture(
        width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 },
        _ colour: (Int, Int) -> SIMD3<UInt8>
    ) -> Image {
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                let y = height - 1 - row
                let c = colour(x, y), o = row * b.planes[0].bytesPerRow + x * 4
                b.planes[0].bytes[o] = c.x
                b.planes[0].bytes[o + 1] = c.y
                b.planes[0].bytes[o + 2] = c.z
                b.planes[0].bytes[o + 3] = alpha(x, y)
            }
        }
        return Image(buffer: b)
    }

    static func grey(width: Int, height: Int, _ value: @escaping (Int, Int) -> UInt8) -> Image {
        picture(width: width, height: height) { x, y in SIMD3(repeating: value(x, y)) }
    }

    /// Renders `image` over `rect` on the CPU and returns a reader of pixel (x, y) (y up, relative to rect).
    static func render(_ image: Image, width: Int, height: Int) throws -> (Int, Int) -> SIMD4<UInt8> {
        let buffer = try Renderers.render(
            image, on: Renderers.cpu, rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return { x, y in buffer.rgba(x: x, row: height - 1 - y) }
    }

    /// Asserts that a pixel's red, green and blue bytes are the encoding of the linear values `want`.
    static func assertPixel(
        _ got: SIMD4<UInt8>, linear want: SIMD3<Double>, accuracy: Double = 1.01, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for c in 0..<3 {
            #expect(abs(Double(got[c]) - encoded(want[c])) <= accuracy, "\(message) channel \(c)")
        }
    }
    static func assertGrey(
        _ got: SIMD4<UInt8>, linear want: Double, accuracy: Double = 1.01, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertPixel(got, linear: SIMD3(repeating: want), accuracy: accuracy, message, file: file, line: line)
    }
}

/// Blurs and sharpening against values computed here from their documented formulas and from geometry.
@Suite(.serialized) struct BlurFormulaTests {
    typealias P = FormulaPictures

    /// One white pixel at (8, 8) in black: a blur spreads it into its own kernel's weights.
    let dot = FormulaPictures.grey(width: 17, height: 17) { x, y in x == 8 && y == 8 ? 255 : 0 }

    @Test func discBlurSpreadsAPixelOverTheDiscWithSoftEdgeWeights() throws {
        let r = 2.0
        // Weights on the unit grid (spacing 1 for r ≤ 8): clamp(r − d + 0.5, 0, 1).
        func w(_ i: Int, _ j: Int) -> Double { min(max(r - Double(i * i + j * j).squareRoot() + 0.5, 0), 1) }
        var total = 0.0
        for j in -4...4 { for i in -4...4 { total += w(i, j) } }
        let out = try P.render(
            try dot.applyingFilter("CIDiscBlur", parameters: ["inputRadius": .number(r)]), width: 17, height: 17)
        for (i, j) in [(0, 0), (1, 0), (0, 2), (2, 1), (1, 1), (2, 2), (3, 0)] {
            P.assertGrey(out(8 + i, 8 + j), linear: w(i, j) / total, "disc tap (\(i), \(j))")
        }
    }

    @Test func bokehBlurIsADiscWithABrighterRing() throws {
        let r = 2.0, ringAmount = 1.0, ringWidth = 0.2 * r
        func w(_ i: Int, _ j: Int, ring: Double) -> Double {
            let d = Double(i * i + j * j).squareRoot()
            let edge = min(max(r - d + 0.5, 0), 1)  // softness 1, spacing 1
            let bump = min(max(1 - abs(d - (r - ringWidth / 2)) / max(ringWidth / 2, 0.5), 0), 1)
            return edge * (1 + 4 * ring * bump)
        }
        for ring in [0.0, ringAmount] {
            var total = 0.0
            for j in -4...4 { for i in -4...4 { total += w(i, j, ring: ring) } }
            let image = try dot.applyingFilter(
                "CIBokehBlur",
                parameters: ["inputRadius": .number(r), "inputRingAmount": .number(ring), "inputRingSize": .number(0.2)]
            )
            let out = try P.render(image, width: 17, height: 17)
            for (i, j) in [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1)] {
                P.assertGrey(out(8 + i, 8 + j), linear: w(i, j, ring: ring) / total, "ring \(ring) tap (\(i), \(j))")
            }
        }
    }

    @Test func motionBlurAveragesAlongItsAngle() throws {
        // r = 2: taps at −2…2 steps of one pixel, each 1/5.
        let horizontal = try P.render(
            try dot.applyingFilter("CIMotionBlur", parameters: ["inputRadius": .number(2)]), width: 17, height: 17)
        for dx in -2...2 { P.assertGrey(horizontal(8 + dx, 8), linear: 0.2, "horizontal \(dx)") }
        P.assertGrey(horizontal(11, 8), linear: 0, "beyond the radius")
        P.assertGrey(horizontal(8, 9), linear: 0, "above the line")
        let vertical = try P.render(
            try dot.applyingFilter(
                "CIMotionBlur", parameters: ["inputRadius": .number(2), "inputAngle": .number(Double.pi / 2)]),
            width: 17, height: 17)
        for dy in -2...2 { P.assertGrey(vertical(8, 8 + dy), linear: 0.2, "vertical \(dy)") }
        P.assertGrey(vertical(9, 8), linear: 0, "beside the line")
    }

    @Test func zoomBlurStreaksTowardsTheCentre() throws {
        // A white column at x = 10 (centre 10.5); the zoom centre at (0.5, 8.5); amount 200 streaks all the
        // way to the centre. Pixel (20, 8) averages 33 bilinear reads at x = 20.5 − 20·k/32.
        let column = P.grey(width: 24, height: 17) { x, _ in x == 10 ? 255 : 0 }
        let image = try column.applyingFilter(
            "CIZoomBlur", parameters: ["inputCenter": .vector([0.5, 8.5]), "inputAmount": .number(200)])
        let out = try P.render(image, width: 24, height: 17)
        var sum = 0.0
        for k in 0...32 { sum += max(0, 1 - abs(20.5 - 20 * Double(k) / 32 - 10.5)) }
        P.assertGrey(out(20, 8), linear: sum / 33, "streak across the column")
        // A pixel on the column's near side, half the default amount: f = 0.1, reads x from 5.5 to 5.0.
        let near = try P.render(
            try column.applyingFilter("CIZoomBlur", parameters: ["inputCenter": .vector([0.5, 8.5])]), width: 24,
            height: 17)
        P.assertGrey(near(5, 8), linear: 0, "short streak misses the column")
    }

    @Test func medianRemovesSaltAndKeepsEdges() throws {
        let salt = try P.render(try dot.applyingFilter("CIMedianFilter"), width: 17, height: 17)
        P.assertGrey(salt(8, 8), linear: 0, "lone pixel")
        // Nine distinct greys around (4, 4): the median is the fifth smallest.
        let values: [UInt8] = [10, 200, 30, 150, 90, 60, 250, 120, 180]
        let patch = P.grey(width: 9, height: 9) { x, y in
            (3...5).contains(x) && (3...5).contains(y) ? values[(y - 3) * 3 + (x - 3)] : 0
        }
        let out = try P.render(try patch.applyingFilter("CIMedianFilter"), width: 9, height: 9)
        P.assertGrey(out(4, 4), linear: P.linear(Double(values.sorted()[4])), "median of nine")
        let edge = P.grey(width: 9, height: 9) { x, _ in x < 4 ? 0 : 255 }
        let kept = try P.render(try edge.applyingFilter("CIMedianFilter"), width: 9, height: 9)
        P.assertGrey(kept(3, 4), linear: 0, "dark side of the edge")
        P.assertGrey(kept(4, 4), linear: 1, "light side of the edge")
    }

    @Test func morphologyDiscAndRectangle() throws {
        // Radius 1: the four neighbours at distance 1, not the diagonals at √2.
        let max1 = try P.render(
            try dot.applyingFilter("CIMorphologyMaximum", parameters: ["inputRadius": .number(1)]), width: 17,
            height: 17)
        P.assertGrey(max1(9, 8), linear: 1, "neighbour")
        P.assertGrey(max1(8, 7), linear: 1, "neighbour below")
        P.assertGrey(max1(9, 9), linear: 0, "diagonal")
        let max15 = try P.render(
            try dot.applyingFilter("CIMorphologyMaximum", parameters: ["inputRadius": .number(1.5)]), width: 17,
            height: 17)
        P.assertGrey(max15(9, 9), linear: 1, "diagonal within 1.5")
        P.assertGrey(max15(10, 8), linear: 0, "two away")
        let hole = P.grey(width: 17, height: 17) { x, y in x == 8 && y == 8 ? 0 : 255 }
        let min1 = try P.render(
            try hole.applyingFilter("CIMorphologyMinimum", parameters: ["inputRadius": .number(1)]), width: 17,
            height: 17)
        P.assertGrey(min1(7, 8), linear: 0, "minimum spreads the hole")
        P.assertGrey(min1(7, 7), linear: 1, "not diagonally")
        // Width 4 rounds to the odd 5 (two each side), height 1 keeps rows apart.
        let rect = try P.render(
            try dot.applyingFilter(
                "CIMorphologyRectangleMaximum", parameters: ["inputWidth": .number(4), "inputHeight": .number(1)]),
            width: 17, height: 17)
        P.assertGrey(rect(10, 8), linear: 1, "two to the right")
        P.assertGrey(rect(6, 8), linear: 1, "two to the left")
        P.assertGrey(rect(11, 8), linear: 0, "three away")
        P.assertGrey(rect(8, 9), linear: 0, "next row")
        let rectMin = try P.render(
            try hole.applyingFilter(
                "CIMorphologyRectangleMinimum", parameters: ["inputWidth": .number(1), "inputHeight": .number(3)]),
            width: 17, height: 17)
        P.assertGrey(rectMin(8, 9), linear: 0, "one up")
        P.assertGrey(rectMin(9, 8), linear: 1, "beside")
        let gradient = try P.render(
            try dot.applyingFilter("CIMorphologyGradient", parameters: ["inputRadius": .number(1)]), width: 17,
            height: 17)
        P.assertGrey(gradient(8, 8), linear: 1, "max 1 − min 0")
        P.assertGrey(gradient(8, 9), linear: 1, "neighbour")
        P.assertGrey(gradient(9, 9), linear: 0, "diagonal: max 0")
    }

    @Test func noiseReductionSmoothsSmallDifferencesAndKeepsEdges() throws {
        let base = 128.0, bumped = 131.0
        let noisy = P.grey(width: 9, height: 9) { x, y in x == 4 && y == 4 ? UInt8(bumped) : UInt8(base) }
        let level = 0.02, sharpness = 0.4
        let out = try P.render(
            try noisy.applyingFilter(
                "CINoiseReduction",
                parameters: ["inputNoiseLevel": .number(level), "inputSharpness": .number(sharpness)]),
            width: 9, height: 9)
        let l0 = P.linear(base), l1 = P.linear(bumped)
        let w = max(0, 1 - abs(l0 - l1) / (2 * level))  // grey: luma = the value
        let smooth = (l1 + 8 * w * l0) / (1 + 8 * w)
        let box = (l1 + 8 * l0) / 9
        P.assertGrey(out(4, 4), linear: smooth + sharpness * (smooth - box), "bumped pixel")
        // A neighbour sees the bump (weight w) and seven equal pixels.
        let smoothN = (w * l1 + 8 * l0) / (w + 8)
        P.assertGrey(out(5, 4), linear: smoothN + sharpness * (smoothN - box), "neighbour")
        let edge = P.grey(width: 9, height: 9) { x, _ in x < 4 ? 40 : 220 }
        let kept = try P.render(
            try edge.applyingFilter("CINoiseReduction", parameters: ["inputSharpness": .number(0)]), width: 9, height: 9
        )
        P.assertGrey(kept(3, 4), linear: P.linear(40), "edge far above the noise level is kept")
    }

    /// A vertical step (edge-extended, so rows are alike): the blur is the 1-D Gaussian the taps reach,
    /// ±2·pairs = ±4 for σ = 1 (reach ⌈3σ⌉ = 3, two pairs), normalised.
    static func gaussianStep(_ left: Double, _ right: Double, edgeAt e: Int, x: Int, sigma: Double = 1) -> Double {
        var sum = 0.0, total = 0.0
        for j in -4...4 {
            let w = exp(-0.5 * Double(j * j) / (sigma * sigma))
            sum += w * (x + j < e ? left : right)
            total += w
        }
        return sum / total
    }

    @Test func unsharpMaskAddsBackTheDifferenceFromTheBlur() throws {
        let step = P.grey(width: 16, height: 6) { x, _ in x < 8 ? 64 : 160 }
        let out = try P.render(
            try step.applyingFilter(
                "CIUnsharpMask", parameters: ["inputRadius": .number(1), "inputIntensity": .number(1)]),
            width: 16, height: 6)
        let a = P.linear(64), b = P.linear(160)
        for x in [6, 7, 8, 9, 12] {
            let s = x < 8 ? a : b
            P.assertGrey(out(x, 3), linear: s + (s - Self.gaussianStep(a, b, edgeAt: 8, x: x)), "x \(x)")
        }
        let uniform = P.grey(width: 8, height: 8) { _, _ in 100 }
        P.assertGrey(
            try P.render(try uniform.applyingFilter("CIUnsharpMask"), width: 8, height: 8)(0, 0), linear: P.linear(100),
            "flat stays flat")
    }

    @Test func sharpenLuminanceMovesAllChannelsByTheLumaDifference() throws {
        let left = SIMD3<UInt8>(60, 90, 30), right = SIMD3<UInt8>(200, 120, 160)
        let step = P.picture(width: 16, height: 6) { x, _ in x < 8 ? left : right }
        let k = 0.8
        let out = try P.render(
            try step.applyingFilter(
                "CISharpenLuminance", parameters: ["inputRadius": .number(1), "inputSharpness": .number(k)]),
            width: 16, height: 6)
        func lin(_ c: SIMD3<UInt8>) -> SIMD3<Double> {
            SIMD3(P.linear(Double(c.x)), P.linear(Double(c.y)), P.linear(Double(c.z)))
        }
        func luma(_ c: SIMD3<Double>) -> Double { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }
        for x in [7, 8] {
            let s = lin(x < 8 ? left : right)
            let blurredLuma = Self.gaussianStep(luma(lin(left)), luma(lin(right)), edgeAt: 8, x: x)
            let d = k * (luma(s) - blurredLuma)
            P.assertPixel(out(x, 3), linear: s + SIMD3(repeating: d), "x \(x)")
        }
    }

    /// Black mask: the image comes back as it was; white mask: CIGaussianBlur of the edge-extended image at
    /// the full radius; mid-grey: a contrast between the two.
    @Test func maskedVariableBlurFollowsTheMask() throws {
        let stripes = P.grey(width: 24, height: 24) { x, _ in x % 8 < 4 ? 230 : 20 }
        let radius = 2.0
        func masked(_ grey: UInt8) throws -> (Int, Int) -> SIMD4<UInt8> {
            let mask = P.grey(width: 24, height: 24) { _, _ in grey }
            return try P.render(
                try stripes.applyingFilter(
                    "CIMaskedVariableBlur", parameters: ["inputMask": .image(mask), "inputRadius": .number(radius)]),
                width: 24, height: 24)
        }
        let sharp = try masked(0), blurred = try masked(255), half = try masked(128)
        let gaussian = try P.render(
            try stripes.clampedToExtent().applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(radius)])
                .cropped(to: stripes.extent), width: 24, height: 24)
        let original = try P.render(stripes, width: 24, height: 24)
        func contrast(_ out: (Int, Int) -> SIMD4<UInt8>) -> Int { Int(out(9, 12)[0]) - Int(out(13, 12)[0]) }
        for x in 8..<16 {
            #expect(sharp(x, 12) == original(x, 12), "black mask at \(x)")
            for c in 0..<3 {
                #expect(abs(Double(blurred(x, 12)[c]) - Double(gaussian(x, 12)[c])) <= 1, "white mask at \(x)")
            }
        }
        #expect(contrast(sharp) > contrast(half))
        #expect(contrast(half) > contrast(blurred))
        #expect(contrast(blurred) > 0)
    }
}
