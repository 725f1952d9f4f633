import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// The compositing operators, blend modes and mask blends against pixels computed here, in Double, from
/// the published formulas: W3C Compositing and Blending Level 1 (separable and non-separable modes, source-over
/// compositing of the blended colour), Porter and Duff's operators, the sRGB curve (IEC 61966-2-1). Nothing
/// below calls Iris's own blend functions.
@Suite(.serialized) struct CompositingFormulaTests {
    typealias RGBA = (Double, Double, Double, Double)

    // MARK: Helpers

    static func linear(_ byte: Double) -> Double {
        let v = byte / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    static func encoded(_ l: Double) -> Double {
        let v = min(max(l, 0), 1)
        return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
    }

    /// A uniform 8×4 RGBA8 image (sRGB bytes, straight alpha), moved by `offset`.
    static func uniform(_ bytes: (Int, Int, Int, Int), offset: (Double, Double) = (0, 0)) -> Image {
        var buffer = PixelBuffer(width: 8, height: 4, format: .rgba8)
        for i in stride(from: 0, to: buffer.planes[0].bytes.count, by: 4) {
            buffer.planes[0].bytes[i] = UInt8(bytes.0)
            buffer.planes[0].bytes[i + 1] = UInt8(bytes.1)
            buffer.planes[0].bytes[i + 2] = UInt8(bytes.2)
            buffer.planes[0].bytes[i + 3] = UInt8(bytes.3)
        }
        let image = Image(buffer: buffer)
        return offset == (0, 0) ? image : image.transformed(by: AffineTransform(translationX: offset.0, y: offset.1))
    }

    /// The premultiplied linear colour of sRGB bytes.
    static func premultiplied(_ bytes: (Int, Int, Int, Int)) -> RGBA {
        let a = Double(bytes.3) / 255
        return (linear(Double(bytes.0)) * a, linear(Double(bytes.1)) * a, linear(Double(bytes.2)) * a, a)
    }

    /// Renders `image` on the CPU and compares the pixel at (x, row) with the premultiplied linear `want`,
    /// after the output conversion (unpremultiply, sRGB encode, bytes).
    func assertPixel(
        _ image: Image, x: Int = 4, row: Int = 2, rect: Rect? = nil, _ want: RGBA, accuracy: Double = 1.5,
        _ message: String, line: UInt = #line
    ) throws {
        let p = try Renderers.render(image, on: Renderers.cpu, rect: rect).rgba(x: x, row: row)
        let a = want.3
        #expect(abs(Double(p[3]) - (a * 255)) <= 1.01, "\(message) alpha")
        guard a > 0.01 else { return }
        let straight = [want.0 / a, want.1 / a, want.2 / a]
        for c in 0..<3 {
            #expect(abs(Double(p[c]) - Self.encoded(straight[c])) <= accuracy, "\(message) channel \(c)")
        }
    }

    /// The W3C compositing of a blended colour: co = s·(1 − ab) + b·(1 − as) + as·ab·B(cb, cs).
    static func w3c(_ s: RGBA, _ b: RGBA, _ blend: ([Double], [Double]) -> [Double]) -> RGBA {
        let cs = [s.0, s.1, s.2].map { s.3 > 0 ? min(max($0 / s.3, 0), 1) : 0 }
        let cb = [b.0, b.1, b.2].map { b.3 > 0 ? min(max($0 / b.3, 0), 1) : 0 }
        let m = blend(cb, cs)
        let sc = [s.0, s.1, s.2], bc = [b.0, b.1, b.2]
        let co = (0..<3).map { sc[$0] * (1 - b.3) + bc[$0] * (1 - s.3) + s.3 * b.3 * m[$0] }
        return (co[0], co[1], co[2], s.3 + b.3 - s.3 * b.3)
    }

    // Colours that take both branches of the conditional modes: source channels linear 0.58, 0.13, 0.013;
    // background 0.045, 0.46, 0.87, then a half-transparent background.
    static let sourceBytes = (200, 100, 30, 160)
    static let backgrounds = [(60, 180, 240, 255), (230, 40, 128, 190)]

    // MARK: Separable blend modes

    static func softLightD(_ cb: Double) -> Double { cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot() }
    static func colorDodge(_ cb: Double, _ cs: Double) -> Double { cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs))) }
    static func colorBurn(_ cb: Double, _ cs: Double) -> Double {
        cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
    }
    static func screen(_ cb: Double, _ cs: Double) -> Double { cb + cs - cb * cs }
    static func hardLight(_ cb: Double, _ cs: Double) -> Double { cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1) }

    static let separable: [(String, @Sendable (Double, Double) -> Double)] = [
        ("CIMultiplyBlendMode", { cb, cs in cb * cs }),
        ("CIScreenBlendMode", { cb, cs in screen(cb, cs) }),
        ("CIOverlayBlendMode", { cb, cs in hardLight(cs, cb) }),
        ("CIDarkenBlendMode", { cb, cs in min(cb, cs) }),
        ("CILightenBlendMode", { cb, cs in max(cb, cs) }),
        ("CIColorDodgeBlendMode", { cb, cs in colorDodge(cb, cs) }),
        ("CIColorBurnBlendMode", { cb, cs in colorBurn(cb, cs) }),
        ("CIHardLightBlendMode", { cb, cs in hardLight(cb, cs) }),
        (
            "CISoftLightBlendMode",
            { cb, cs in
                cs <= 0.5 ? cb - (1 - 2 * cs) * cb * (1 - cb) : cb + (2 * cs - 1) * (softLightD(cb) - cb)
            }
        ),
        ("CIDifferenceBlendMode", { cb, cs in abs(cb - cs) }),
        ("CIExclusionBlendMode", { cb, cs in cb + cs - 2 * cb * cs }),
        ("CISubtractBlendMode", { cb, cs in max(cs - cb, 0) }),  // Apple: the background from the source
        ("CIDivideBlendMode", { cb, cs in cb == 0 ? 0 : (cs == 0 ? 1 : min(cb / cs, 1)) }),
        ("CILinearBurnBlendMode", { cb, cs in max(cb + cs - 1, 0) }),
        ("CILinearDodgeBlendMode", { cb, cs in min(cb + cs, 1) }),
        ("CILinearLightBlendMode", { cb, cs in min(max(cb + 2 * cs - 1, 0), 1) }),
        ("CIPinLightBlendMode", { cb, cs in cs <= 0.5 ? min(cb, 2 * cs) : max(cb, 2 * cs - 1) }),
        ("CIVividLightBlendMode", { cb, cs in cs <= 0.5 ? colorBurn(cb, 2 * cs) : colorDodge(cb, 2 * cs - 1) }),
        ("CIHardMixBlendMode", { cb, cs in cb + cs >= 1 ? 1 : 0 })
    ]

    @Test func separableBlendModesFollowW3C() throws {
        let source = Self.uniform(Self.sourceBytes)
        for backgroundBytes in Self.backgrounds {
            let background = Self.uniform(backgroundBytes)
            let s = Self.premultiplied(Self.sourceBytes), b = Self.premultiplied(backgroundBytes)
            for (name, f) in Self.separable {
                let image = try source.applyingFilter(name, parameters: ["inputBackgroundImage": .image(background)])
                let want = Self.w3c(s, b) { cb, cs in (0..<3).map { f(cb[$0], cs[$0]) } }
                try assertPixel(image, want, "\(name) over \(backgroundBytes)")
            }
        }
    }

    /// Hard mix makes each channel of the blended colour 0 or 1; over an opaque background with an opaque
    /// source the output bytes are 0 or 255 exactly.
    @Test func hardMixIsAThreshold() throws {
        let image = try Self.uniform((200, 100, 30, 255)).applyingFilter(
            "CIHardMixBlendMode", parameters: ["inputBackgroundImage": .image(Self.uniform((60, 180, 240, 255)))])
        let p = try Renderers.render(image, on: Renderers.cpu).rgba(x: 1, row: 1)
        // 0.58 + 0.045 < 1, 0.13 + 0.46 < 1, 0.013 + 0.87 < 1: all three channels fall to 0.
        #expect(p == SIMD4(0, 0, 0, 255))
        let bright = try Self.uniform((255, 230, 30, 255)).applyingFilter(
            "CIHardMixBlendMode", parameters: ["inputBackgroundImage": .image(Self.uniform((10, 200, 255, 255)))])
        #expect((try Renderers.render(bright, on: Renderers.cpu).rgba(x: 1, row: 1)) == SIMD4(255, 255, 255, 255))
    }

    // MARK: Non-separable blend modes (W3C § 10.2)

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    /// W3C's SetSat, written as the specification does: by the order of the components.
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let order = c.indices.sorted { c[$0] < c[$1] }
        let (mn, mid, mx) = (order[0], order[1], order[2])
        var out = [0.0, 0.0, 0.0]
        if c[mx] > c[mn] {
            out[mid] = (c[mid] - c[mn]) * s / (c[mx] - c[mn])
            out[mx] = s
        }
        return out
    }

    @Test func nonSeparableBlendModesFollowW3C() throws {
        let modes: [(String, ([Double], [Double]) -> [Double])] = [
            ("CIHueBlendMode", { cb, cs in Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb)) }),
            ("CISaturationBlendMode", { cb, cs in Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb)) }),
            ("CIColorBlendMode", { cb, cs in Self.setLum(cs, Self.lum(cb)) }),
            ("CILuminosityBlendMode", { cb, cs in Self.setLum(cb, Self.lum(cs)) })
        ]
        let source = Self.uniform(Self.sourceBytes)
        for backgroundBytes in Self.backgrounds {
            let background = Self.uniform(backgroundBytes)
            for (name, f) in modes {
                let image = try source.applyingFilter(name, parameters: ["inputBackgroundImage": .image(background)])
                try assertPixel(
                    image, Self.w3c(Self.premultiplied(Self.sourceBytes), Self.premultiplied(backgroundBytes), f),
                    "\(name) over \(backgroundBytes)")
            }
        }
    }

    /// Luminosity of a grey source over a colour keeps the colour's hue and saturation: with an opaque
    /// source and background, the output's W3C luma is the source's.
    @Test func luminosityTakesTheSourceLuma() throws {
        let image = try Self.uniform((128, 128, 128, 255)).applyingFilter(
            "CILuminosityBlendMode", parameters: ["inputBackgroundImage": .image(Self.uniform((40, 160, 90, 255)))])
        let p = try Renderers.render(image, on: Renderers.cpu).rgba(x: 2, row: 2)
        let out = [Self.linear(Double(p[0])), Self.linear(Double(p[1])), Self.linear(Double(p[2]))]
        #expect(abs(Self.lum(out) - Self.linear(128)) <= 0.006)
    }

    // MARK: Porter-Duff and component-wise operators

    @Test func compositingOperatorsOnPremultipliedColour() throws {
        let sourceBytes = (200, 100, 30, 160), backgroundBytes = (60, 180, 240, 190)
        let s = Self.premultiplied(sourceBytes), b = Self.premultiplied(backgroundBytes)
        let cases: [(String, RGBA)] = [
            ("CIAdditionCompositing", (s.0 + b.0, s.1 + b.1, s.2 + b.2, min(s.3 + b.3, 1))),
            ("CIMultiplyCompositing", (s.0 * b.0, s.1 * b.1, s.2 * b.2, s.3 * b.3)),
            ("CIMaximumCompositing", (max(s.0, b.0), max(s.1, b.1), max(s.2, b.2), max(s.3, b.3))),
            ("CIMinimumCompositing", (min(s.0, b.0), min(s.1, b.1), min(s.2, b.2), min(s.3, b.3))),
            (
                "CISourceAtopCompositing",
                (s.0 * b.3 + b.0 * (1 - s.3), s.1 * b.3 + b.1 * (1 - s.3), s.2 * b.3 + b.2 * (1 - s.3), b.3)
            ),
            ("CISourceInCompositing", (s.0 * b.3, s.1 * b.3, s.2 * b.3, s.3 * b.3)),
            ("CISourceOutCompositing", (s.0 * (1 - b.3), s.1 * (1 - b.3), s.2 * (1 - b.3), s.3 * (1 - b.3)))
        ]
        for (name, want) in cases {
            let image = try Self.uniform(sourceBytes).applyingFilter(
                name, parameters: ["inputBackgroundImage": .image(Self.uniform(backgroundBytes))])
            // Addition's colour passes 1 in the working space; the output clips the straight colour.
            try assertPixel(image, want, accuracy: 2, name)
        }
    }

    /// The extent is the union of both inputs; where only the background is defined a blend mode shows it
    /// unchanged (the source is transparent there), and source-in shows nothing.
    @Test func extentIsTheUnionAndUncoveredPixelsComposite() throws {
        let source = Self.uniform((200, 100, 30, 255))
        let background = Self.uniform((60, 180, 240, 255), offset: (6, 0))
        let multiply = try source.applyingFilter(
            "CIMultiplyBlendMode", parameters: ["inputBackgroundImage": .image(background)])
        #expect(multiply.extent == Rect(x: 0, y: 0, width: 14, height: 4))
        let p = try Renderers.render(multiply, on: Renderers.cpu)
        #expect(p.rgba(x: 12, row: 1) == SIMD4(60, 180, 240, 255), "background only")
        #expect(p.rgba(x: 2, row: 1) == SIMD4(200, 100, 30, 255), "source only")
        let both = Self.w3c(Self.premultiplied((200, 100, 30, 255)), Self.premultiplied((60, 180, 240, 255))) {
            cb, cs in
            (0..<3).map { cb[$0] * cs[$0] }
        }
        try assertPixel(multiply, x: 7, row: 1, both, "overlap")
        let sourceIn = try source.applyingFilter(
            "CISourceInCompositing", parameters: ["inputBackgroundImage": .image(background)])
        #expect((try Renderers.render(sourceIn, on: Renderers.cpu).rgba(x: 2, row: 1)[3]) == 0)
    }

    // MARK: Mask blends

    @Test func maskBlendsInterpolateByTheMaskComponent() throws {
        let imageBytes = (220, 60, 20, 255), backgroundBytes = (20, 90, 200, 255)
        let s = Self.premultiplied(imageBytes), b = Self.premultiplied(backgroundBytes)
        let cases: [(String, (Int, Int, Int, Int), Double)] = [
            // A grey mask's level (its green, as Apple's reference says, and every other channel).
            ("CIBlendWithMask", (128, 128, 128, 255), Self.linear(128)),
            ("CIBlendWithMask", (200, 40, 90, 255), Self.linear(40)),
            ("CIBlendWithAlphaMask", (0, 0, 0, 100), 100.0 / 255),
            ("CIBlendWithRedMask", (200, 0, 0, 255), Self.linear(200)),
            ("CIBlendWithBlueMask", (0, 0, 90, 255), Self.linear(90)),
            ("CIBlendWithRedMask", (255, 0, 0, 128), 128.0 / 255)
        ]
        for (name, maskBytes, m) in cases {
            let image = try Self.uniform(imageBytes).applyingFilter(
                name,
                parameters: [
                    "inputBackgroundImage": .image(Self.uniform(backgroundBytes)),
                    "inputMaskImage": .image(Self.uniform(maskBytes))
                ])
            let want: RGBA = (b.0 + (s.0 - b.0) * m, b.1 + (s.1 - b.1) * m, b.2 + (s.2 - b.2) * m, 1)
            try assertPixel(image, want, "\(name) with mask \(maskBytes)")
        }
    }

    /// Outside the mask's extent the mask reads as 0, so the background shows.
    @Test func maskBlendShowsTheBackgroundOutsideTheMask() throws {
        let mask = Self.uniform((255, 255, 255, 255), offset: (4, 0))
        let image = try Self.uniform((220, 60, 20, 255)).applyingFilter(
            "CIBlendWithMask",
            parameters: [
                "inputBackgroundImage": .image(Self.uniform((20, 90, 200, 255))), "inputMaskImage": .image(mask)
            ])
        let p = try Renderers.render(image, on: Renderers.cpu)
        #expect(p.rgba(x: 1, row: 1) == SIMD4(20, 90, 200, 255), "no mask: background")
        #expect(p.rgba(x: 6, row: 1) == SIMD4(220, 60, 20, 255), "white mask: image")
    }

    // MARK: Both renderers, both inputs translucent

    /// The registry-wide agreement test composites over an opaque background; here every operator and mode
    /// runs with both inputs translucent and partly overlapping, and with a translucent mask, on both renderers.
    @Test func everyCompositingFilterAgreesAcrossRenderersOnTranslucentInputs() throws {
        let gles = try Renderers.glesRenderer()
        let source = Image(buffer: Frames.rgbaGradient(width: 40, height: 24, alpha: true))
        let background = Image(buffer: Frames.rgbaGradient(width: 40, height: 24, alpha: true)).oriented(.left)
            .transformed(by: AffineTransform(translationX: 10, y: -6))
        let mask = Image(buffer: Frames.rgbaGradient(width: 40, height: 24, alpha: true)).oriented(.down)
        var checked = 0
        for descriptor in FilterRegistry.builtIn.all
        where descriptor.categories.contains(FilterCategory.compositeOperation) {
            var filter = Filter(descriptor: descriptor)
            try filter.setValue(.image(source), forKey: "inputImage")
            try filter.setValue(.image(background), forKey: "inputBackgroundImage")
            if descriptor.input("inputMaskImage") != nil { try filter.setValue(.image(mask), forKey: "inputMaskImage") }
            let image = try filter.outputImage()
            let d = maxDifference(try Renderers.render(image, on: gles), try Renderers.render(image, on: Renderers.cpu))
            #expect(d.value <= 2, "\(descriptor.name) differs by \(d.value) at x \(d.x) row \(d.row)")
            checked += 1
        }
        #expect(checked >= 35)
    }
}
