import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// An independent reference for the distortion and geometry formula tests: reads an RGBA8 buffer the way
/// the render plan's conventions describe (bilinear between texel centres on the stored bytes, clamped at
/// the edge texels, then sRGB → linear light, premultiplied; transparent outside the extent; bottom-left
/// origin, centres at .5), written here without Iris's sampler or transfer functions.
struct DistortionReference {
    let buffer: PixelBuffer
    var width: Int { buffer.width }
    var height: Int { buffer.height }

    static let gradient = DistortionReference(buffer: Frames.rgbaGradient(width: 48, height: 32))
    var image: Image { Image(buffer: buffer) }

    static func linear(_ byte: UInt8) -> Double {
        let v = Double(byte) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    static func encoded(_ l: Double) -> Double {
        let v = min(max(l, 0), 1)
        return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
    }

    /// Straight sRGB components (0…1) and alpha of texel (i, j), j counted from the bottom, clamped to the buffer.
    func encodedTexel(_ i: Int, _ j: Int) -> SIMD4<Double> {
        let p = buffer.rgba(x: min(max(i, 0), width - 1), row: height - 1 - min(max(j, 0), height - 1))
        return SIMD4(Double(p[0]), Double(p[1]), Double(p[2]), Double(p[3])) / 255
    }
    static func linear(encoded v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    /// Straight encoded colour → premultiplied linear.
    static func working(_ e: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(linear(encoded: e.x) * e.w, linear(encoded: e.y) * e.w, linear(encoded: e.z) * e.w, e.w)
    }

    /// Premultiplied linear colour of texel (i, j).
    func texel(_ i: Int, _ j: Int) -> SIMD4<Double> { Self.working(encodedTexel(i, j)) }

    /// A read of the image at a global point, as premultiplied encoded colour (0…1); nil outside the extent.
    /// The formula tests render with colour management off, so the working space is the stored encoding and
    /// bilinear reads give the same whether a renderer blends a stored leaf or a stored intermediate.
    func sample(_ x: Double, _ y: Double) -> SIMD4<Double>? {
        guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return nil }
        let fx = x - 0.5, fy = y - 0.5
        let i = Int(fx.rounded(.down)), j = Int(fy.rounded(.down))
        let tx = fx - fx.rounded(.down), ty = fy - fy.rounded(.down)
        let bottom = premultipliedTexel(i, j) * (1 - tx) + premultipliedTexel(i + 1, j) * tx
        let top = premultipliedTexel(i, j + 1) * (1 - tx) + premultipliedTexel(i + 1, j + 1) * tx
        return bottom * (1 - ty) + top * ty
    }

    /// Premultiplied encoded colour of texel (i, j).
    func premultipliedTexel(_ i: Int, _ j: Int) -> SIMD4<Double> {
        let e = encodedTexel(i, j)
        return SIMD4(e.x * e.w, e.y * e.w, e.z * e.w, e.w)
    }

    /// The bytes an output pixel of premultiplied encoded colour `c` should hold (colour management off).
    static func encodedBytes(_ c: SIMD4<Double>) -> SIMD4<Double> {
        if c.w <= 0 { return .zero }
        let a = min(c.w, 1)
        return SIMD4(
            min(max(c.x / c.w, 0), 1) * 255, min(max(c.y / c.w, 0), 1) * 255, min(max(c.z / c.w, 0), 1) * 255, a * 255)
    }

    /// The bytes an output pixel of premultiplied linear colour `c` should hold (straight sRGB).
    static func bytes(_ c: SIMD4<Double>) -> SIMD4<Double> {
        if c.w <= 0 { return .zero }
        return SIMD4(encoded(c.x / c.w), encoded(c.y / c.w), encoded(c.z / c.w), min(c.w, 1) * 255)
    }

    /// Whether a point lies within `margin` of the extent's border (a tie the test should not judge).
    func nearEdge(_ x: Double, _ y: Double, margin: Double = 0.02) -> Bool {
        abs(x) < margin || abs(y) < margin || abs(x - Double(width)) < margin || abs(y - Double(height)) < margin
    }
}

/// Renders `image` over `rect` on the CPU, colour management off, and compares every pixel whose centre `map` sends to
/// a source
/// point with the reference's bilinear read there (transparent outside the input); `map` returns nil to
/// skip a pixel. Returns how many pixels were compared.
@discardableResult
func assertDistortionWarp(
    _ image: Image, rect: Rect, reference: DistortionReference = .gradient, tolerance: Double = 2,
    weight: (Double, Double) -> Double = { _, _ in 1 },
    file: StaticString = #filePath, line: UInt = #line,
    _ map: (Double, Double) -> (Double, Double)?
) throws -> Int {
    var options = Context.Options()
    options.colorManagement = false
    let out = try Renderers.render(image, on: Renderers.cpu, options: options, rect: rect)
    var compared = 0, failures = 0
    for row in 0..<out.height {
        for x in 0..<out.width {
            let gx = rect.minX + Double(x) + 0.5, gy = rect.maxY - Double(row) - 0.5
            guard let (sx, sy) = map(gx, gy), !reference.nearEdge(sx, sy) else { continue }
            let want = DistortionReference.encodedBytes((reference.sample(sx, sy) ?? .zero) * weight(gx, gy))
            let got = out.rgba(x: x, row: row)
            compared += 1
            for c in 0..<4 where abs(Double(got[c]) - want[c]) > tolerance {
                failures += 1
                if failures <= 5 {
                    Issue.record("pixel (\(gx), \(gy)) → (\(sx), \(sy)) channel \(c): got \(got[c]), want \(want[c])")
                }
                break
            }
        }
    }
    #expect(compared > 0, "no pixel compared")
    return compared
}

/// A uniform opaque image of sRGB bytes.
func distortionUniformImage(_ r: UInt8, _ g: UInt8, _ b: UInt8, width: Int = 48, height: Int = 32) -> Image {
    var buffer = PixelBuffer(width: width, height: height, format: .rgba8)
    for i in stride(from: 0, to: buffer.planes[0].bytes.count, by: 4) {
        buffer.planes[0].bytes[i] = r
        buffer.planes[0].bytes[i + 1] = g
        buffer.planes[0].bytes[i + 2] = b
        buffer.planes[0].bytes[i + 3] = 255
    }
    return Image(buffer: buffer)
}

/// The distortion, tile and transition filters against their documented formulas, recomputed here in
/// Double from each filter's doc comment and read through `DistortionReference`.
@Suite(.serialized) struct DistortionFormulaTests {
    let ref = DistortionReference.gradient
    let frame = Rect(x: 0, y: 0, width: 48, height: 32)

    func filtered(_ name: String, _ parameters: [String: FilterValue]) throws -> Image {
        try ref.image.applyingFilter(name, parameters: parameters)
    }
    func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    @Test func bumpMagnifiesInsideItsRadius() throws {
        let (cx, cy, R, s) = (24.0, 16.0, 12.0, 0.5)
        let image = try filtered(
            "CIBumpDistortion", ["inputCenter": .vector([cx, cy]), "inputRadius": .number(R), "inputScale": .number(s)])
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = x - cx, dy = y - cy, r = self.length(dx, dy)
            if r >= R { return (x, y) }
            let k = 1 - (r / R) * (r / R), f = 1 - s * k * k
            return (cx + dx * f, cy + dy * f)
        }
    }

    @Test func linearBumpMovesOnlyAcrossItsLine() throws {
        let (cx, cy, R, a, s) = (24.0, 16.0, 8.0, 0.3, -0.7)
        let image = try filtered(
            "CIBumpDistortionLinear",
            [
                "inputCenter": .vector([cx, cy]), "inputRadius": .number(R),
                "inputAngle": .number(a), "inputScale": .number(s)
            ])
        let (nx, ny) = (-sin(a), cos(a))
        try assertDistortionWarp(image, rect: frame) { x, y in
            let across = (x - cx) * nx + (y - cy) * ny
            if abs(across) >= R { return (x, y) }
            let k = 1 - (across / R) * (across / R), moved = across * (1 - s * k * k)
            return (x + nx * (moved - across), y + ny * (moved - across))
        }
    }

    @Test func pinchPullsTowardTheCentre() throws {
        let (cx, cy, R, s) = (20.0, 14.0, 15.0, 1.0)
        let image = try filtered(
            "CIPinchDistortion", ["inputCenter": .vector([cx, cy]), "inputRadius": .number(R), "inputScale": .number(s)]
        )
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = x - cx, dy = y - cy, r = self.length(dx, dy)
            if r >= R { return (x, y) }
            let f = 1 + s * (1 - r / R) * (1 - r / R)
            return (cx + dx * f, cy + dy * f)
        }
    }

    @Test func twirlAndVortexTurnByTheirFalloff() throws {
        for (name, power) in [("CITwirlDistortion", 2.0), ("CIVortexDistortion", 3.0)] {
            let (cx, cy, R, angle) = (24.0, 16.0, 14.0, 2.0)
            let image = try filtered(
                name, ["inputCenter": .vector([cx, cy]), "inputRadius": .number(R), "inputAngle": .number(angle)])
            try assertDistortionWarp(image, rect: frame) { x, y in
                let dx = x - cx, dy = y - cy, r = self.length(dx, dy)
                if r >= R { return (x, y) }
                let theta = -angle * pow(1 - r / R, power)
                return (cx + cos(theta) * dx - sin(theta) * dy, cy + sin(theta) * dx + cos(theta) * dy)
            }
        }
    }

    @Test func holeIsClearAndPushesOutward() throws {
        let (cx, cy, R) = (24.0, 16.0, 6.0)
        let image = try filtered("CIHoleDistortion", ["inputCenter": .vector([cx, cy]), "inputRadius": .number(R)])
        #expect(image.extent == Rect(x: -6, y: -6, width: 60, height: 44))
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = x - cx, dy = y - cy, r = self.length(dx, dy)
            if abs(r - R) < 0.01 { return nil }
            if r < R { return (-100, -100) }  // transparent
            let f = (r * r - R * R).squareRoot() / r
            return (cx + dx * f, cy + dy * f)
        }
    }

    @Test func circleSplashRepeatsTheCircleOutward() throws {
        let (cx, cy, R) = (24.0, 16.0, 8.0)
        let image = try filtered(
            "CICircleSplashDistortion", ["inputCenter": .vector([cx, cy]), "inputRadius": .number(R)])
        #expect(image.extent.isInfinite)
        try assertDistortionWarp(image, rect: Rect(x: -10, y: -10, width: 68, height: 52)) { x, y in
            let dx = x - cx, dy = y - cy, r = self.length(dx, dy)
            return r <= R ? (x, y) : (cx + dx * R / r, cy + dy * R / r)
        }
    }

    @Test func lightTunnelSpiralsTheCircle() throws {
        let (cx, cy, rotation, R) = (24.0, 16.0, 1.0, 6.0)
        let image = try filtered(
            "CILightTunnel",
            ["inputCenter": .vector([cx, cy]), "inputRotation": .number(rotation), "inputRadius": .number(R)])
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = x - cx, dy = y - cy, r = self.length(dx, dy)
            if r <= R { return (x, y) }
            let theta = rotation * log(r / R), ex = dx * R / r, ey = dy * R / r
            return (cx + cos(theta) * ex - sin(theta) * ey, cy + sin(theta) * ex + cos(theta) * ey)
        }
    }

    @Test func torusLensMagnifiesItsRing() throws {
        let (cx, cy, R, W, n) = (24.0, 16.0, 10.0, 8.0, 1.5)
        let image = try filtered(
            "CITorusLensDistortion",
            [
                "inputCenter": .vector([cx, cy]), "inputRadius": .number(R),
                "inputWidth": .number(W), "inputRefraction": .number(n)
            ])
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = x - cx, dy = y - cy, r = self.length(dx, dy), u = (r - R) / (W / 2)
            if abs(u) >= 1 { return (x, y) }
            let k = 1 - (1 - 1 / n) * (1 - u * u).squareRoot(), s = (R + (r - R) * k) / r
            return (cx + dx * s, cy + dy * s)
        }
    }

    @Test func glassLozengeMagnifiesAroundItsAxis() throws {
        let (x0, x1, y0, R, n) = (14.0, 34.0, 16.0, 7.0, 1.7)
        let image = try filtered(
            "CIGlassLozenge",
            [
                "inputPoint0": .vector([x0, y0]), "inputPoint1": .vector([x1, y0]),
                "inputRadius": .number(R), "inputRefraction": .number(n)
            ])
        try assertDistortionWarp(image, rect: frame) { x, y in
            let qx = min(max(x, x0), x1), vx = x - qx, vy = y - y0, u = self.length(vx, vy) / R
            if u >= 1 { return (x, y) }
            let k = 1 - (1 - 1 / n) * (1 - u * u).squareRoot()
            return (qx + vx * k, y0 + vy * k)
        }
    }

    @Test func circularWrapPutsTheBottomRowOnTheCircle() throws {
        let (cx, cy, R, angle) = (24.0, 16.0, 5.0, 0.4)
        let image = try filtered(
            "CICircularWrap",
            ["inputCenter": .vector([cx, cy]), "inputRadius": .number(R), "inputAngle": .number(angle)])
        #expect(image.extent == Rect(x: 24 - 37, y: 16 - 37, width: 74, height: 74))
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = x - cx, dy = y - cy
            var phi = atan2(dy, dx) - angle - Double.pi / 2
            phi = phi - 2 * Double.pi * ((phi + Double.pi) / (2 * Double.pi)).rounded(.down)
            if abs(abs(phi) - Double.pi) < 1e-3 { return nil }  // the seam behind the circle
            return (cx - R * phi, self.length(dx, dy) - R)
        }
    }

    @Test func stretchCropFitsTheSize() throws {
        // 48×32 (3:2) into 64×24 (8:3): too tall, so height is cropped by a quarter of the excess and the
        // width stretched, the middle at rate ρ = (8/3)·h / 48 with h = 32 − 0.25·(32 − 18), held at 1.5.
        let image = try filtered(
            "CIStretchCrop",
            [
                "inputSize": .vector([64, 24]), "inputCropAmount": .number(0.25),
                "inputCenterStretchAmount": .number(0.5)
            ])
        #expect(image.extent == Rect(x: 0, y: 0, width: 64, height: 24))
        let h = 32 - 0.25 * (32 - 18), rate = min((64.0 / 24) * h / 48, 1.5), y0 = 16 - h / 2
        try assertDistortionWarp(image, rect: Rect(x: 0, y: 0, width: 64, height: 24)) { x, y in
            let u = x / 64 - 0.5, g = rate * u + (1 - rate) * 4 * u * u * u
            return ((u + (g - u) * 0.5 + 0.5) * 48, y0 + (y / 24) * h)
        }
    }

    @Test func displacementMovesByRedAndGreen() throws {
        // Red 1, green 0 (linear 1 and 0): every pixel reads scale/2 to the right and scale/2 down.
        let shift = Image(color: SIMD4(1, 0, 0, 1)).cropped(to: frame)
        let image = try ref.image.applyingFilter(
            "CIDisplacementDistortion", parameters: ["inputDisplacementImage": .image(shift), "inputScale": .number(4)])
        try assertDistortionWarp(image, rect: frame) { x, y in (x + 2, y - 2) }
    }

    // MARK: tiles

    @Test func affineTileAndClampRepeatAndExtend() throws {
        let tiled = try filtered("CIAffineTile", [:])
        #expect(tiled.extent.isInfinite)
        try assertDistortionWarp(tiled, rect: Rect(x: -48, y: -32, width: 144, height: 96)) { x, y in
            (x - 48 * (x / 48).rounded(.down), y - 32 * (y / 32).rounded(.down))
        }
        let clamped = try filtered("CIAffineClamp", ["inputTransform": .transform(AffineTransform(scaleX: 2, y: 2))])
        try assertDistortionWarp(clamped, rect: Rect(x: -20, y: -20, width: 140, height: 100)) { x, y in
            (min(max(x / 2, 0.5), 47.5), min(max(y / 2, 0.5), 31.5))
        }
    }

    @Test func clampExtendsTheChosenRectangle() throws {
        let image = try filtered("CIClamp", ["inputExtent": .vector([10, 6, 20, 12])])
        #expect(image.extent.isInfinite)
        try assertDistortionWarp(image, rect: Rect(x: -8, y: -8, width: 64, height: 48)) { x, y in
            (min(max(x, 10.5), 29.5), min(max(y, 6.5), 17.5))
        }
    }

    /// Lattice tiles with centre (24, 16), width 10, angle 0: chosen points and their folds, from each
    /// filter's doc comment.
    @Test func latticeTilesFoldOntoTheirCell() throws {
        let c = (24.0, 16.0)
        let cases: [(String, [String: FilterValue], [((Double, Double), (Double, Double))])] = [
            ("CIFourfoldTranslatedTile", [:], [((12.5, 2.5), (2.5, 2.5)), ((-17.5, 22.5), (2.5, 2.5))]),
            ("CIFourfoldReflectedTile", [:], [((12.5, 2.5), (-2.5, 2.5)), ((2.5, -12.5), (2.5, 2.5))]),
            ("CIParallelogramTile", [:], [((12.5, 2.5), (7.5, 2.5)), ((-2.5, -12.5), (2.5, 7.5))]),
            ("CIEightfoldReflectedTile", [:], [((1.5, 3.5), (3.5, 1.5)), ((11.5, -13.5), (3.5, 1.5))]),
            ("CIFourfoldRotatedTile", [:], [((-2.5, 1.5), (1.5, 2.5)), ((-1.5, -2.5), (1.5, 2.5))]),
            ("CIGlideReflectedTile", [:], [((2.5, 12.5), (-2.5, -2.5)), ((1.5, 2.5), (-3.5, -2.5))])
        ]
        for (name, extra, points) in cases {
            var parameters: [String: FilterValue] = ["inputCenter": .vector([c.0, c.1]), "inputWidth": .number(10)]
            parameters.merge(extra) { a, _ in a }
            let image = try filtered(name, parameters)
            for ((px, py), (sx, sy)) in points {
                var options = Context.Options()
                options.colorManagement = false
                let out = try Renderers.render(
                    image, on: Renderers.cpu, options: options,
                    rect: Rect(x: c.0 + px - 0.5, y: c.1 + py - 0.5, width: 1, height: 1))
                let want = DistortionReference.encodedBytes(ref.sample(c.0 + sx, c.1 + sy)!)
                for ch in 0..<4 {
                    #expect(abs(Double(out.rgba(x: 0, row: 0)[ch]) - want[ch]) <= 2, "\(name) at \(px), \(py)")
                }
            }
        }
    }

    /// The polar folds: hexagonal cells (neighbouring centres one width apart) and the kaleidoscope.
    @Test func polarTilesFoldAngles() throws {
        let (cx, cy) = (24.0, 16.0)
        func fold(_ x: Double, _ y: Double, sector: Double, reflect: Bool) -> (Double, Double) {
            let r = length(x, y)
            var th = atan2(y, x)
            th -= sector * (th / sector).rounded(.down)
            if reflect && th > sector / 2 { th = sector - th }
            return (r * cos(th), r * sin(th))
        }
        let hexCases: [(String, Double, Bool)] = [
            ("CISixfoldRotatedTile", Double.pi / 3, false), ("CISixfoldReflectedTile", 2 * Double.pi / 3, true),
            ("CITwelvefoldReflectedTile", Double.pi / 3, true)
        ]
        for (name, sector, reflect) in hexCases {
            let image = try filtered(name, ["inputCenter": .vector([cx, cy]), "inputWidth": .number(20)])
            // Within 0.4 widths of the centre the nearest hexagon centre is the tile's own centre.
            try assertDistortionWarp(image, rect: Rect(x: cx - 7, y: cy - 7, width: 14, height: 14)) { x, y in
                let (fx, fy) = fold(x - cx, y - cy, sector: sector, reflect: reflect)
                return (cx + fx, cy + fy)
            }
            // A neighbouring hexagon (centre one width to the right) repeats the centre one.
            let a = try Renderers.render(
                image, on: Renderers.cpu, rect: Rect(x: cx + 2, y: cy + 1, width: 1, height: 1))
            let b = try Renderers.render(
                image, on: Renderers.cpu, rect: Rect(x: cx + 22, y: cy + 1, width: 1, height: 1))
            #expect(maxDifference(a, b).value == 0, "\(name)")
        }
        let kaleidoscope = try filtered(
            "CIKaleidoscope", ["inputCenter": .vector([cx, cy]), "inputCount": .number(6), "inputAngle": .number(0.3)])
        try assertDistortionWarp(kaleidoscope, rect: frame) { x, y in
            let r = self.length(x - cx, y - cy), sector = Double.pi / 3
            var th = atan2(y - cy, x - cx) - 0.3
            th -= sector * (th / sector).rounded(.down)
            if th < 1e-3 || abs(th - sector) < 1e-3 { return nil }  // on a mirror
            if th > sector / 2 { th = sector - th }
            return (cx + r * cos(th + 0.3), cy + r * sin(th + 0.3))
        }
    }

    @Test func triangleTileAndKaleidoscopeMirrorTheTriangle() throws {
        let (cx, cy, w) = (10.0, 6.0, 20.0)
        func fold(_ x: Double, _ y: Double) -> (Double, Double) {
            let b = y / w * 2 / 3.0.squareRoot(), a = x / w - b / 2
            var fa = a - a.rounded(.down), fb = b - b.rounded(.down)
            if fa + fb > 1 { (fa, fb) = (1 - fb, 1 - fa) }
            return ((fa + fb / 2) * w, fb * 3.0.squareRoot() / 2 * w)
        }
        let tile = try filtered("CITriangleTile", ["inputCenter": .vector([cx, cy]), "inputWidth": .number(w)])
        // Inside the base triangle nothing moves; its mirror image across the slanted side reads back into it.
        let base = try assertDistortionWarp(tile, rect: frame) { x, y in
            let (fx, fy) = fold(x - cx, y - cy)
            let b = (y - cy) / w * 2 / 3.0.squareRoot(), a = (x - cx) / w - b / 2
            if abs(a - a.rounded()) < 1e-3 || abs(b - b.rounded()) < 1e-3
                || abs((a - a.rounded(.down)) + (b - b.rounded(.down)) - 1) < 1e-3
            {
                return nil
            }
            return (cx + fx, cy + fy)
        }
        #expect(base > 1000)
        let decay = 0.8
        let kaleidoscope = try filtered(
            "CITriangleKaleidoscope",
            [
                "inputPoint": .vector([cx, cy]), "inputSize": .number(w),
                "inputRotation": .number(0), "inputDecay": .number(decay)
            ])
        try assertDistortionWarp(
            kaleidoscope, rect: frame, weight: { x, y in pow(decay, self.length(x - cx, y - cy) / w) }
        ) { x, y in
            let b = (y - cy) / w * 2 / 3.0.squareRoot(), a = (x - cx) / w - b / 2
            if abs(a - a.rounded()) < 1e-3 || abs(b - b.rounded()) < 1e-3
                || abs((a - a.rounded(.down)) + (b - b.rounded(.down)) - 1) < 1e-3
            {
                return nil
            }
            let (fx, fy) = fold(x - cx, y - cy)
            return (cx + fx, cy + fy)
        }
    }

    @Test func opTileZoomsEachCell() throws {
        let (cx, cy, w, s, angle) = (24.0, 16.0, 8.0, 0.5, 0.25)
        let image = try filtered(
            "CIOpTile",
            [
                "inputCenter": .vector([cx, cy]), "inputScale": .number(s), "inputAngle": .number(angle),
                "inputWidth": .number(w)
            ])
        try assertDistortionWarp(image, rect: frame) { x, y in
            let qx = (x - cx) / w, qy = (y - cy) / w
            let vx = qx + 0.5 - (qx + 0.5).rounded(.down) - 0.5, vy = qy + 0.5 - (qy + 0.5).rounded(.down) - 0.5
            if abs(abs(vx) - 0.5) < 1e-3 || abs(abs(vy) - 0.5) < 1e-3 { return nil }
            let mx = cx + (qx - vx) * w, my = cy + (qy - vy) * w
            let ux = vx * w * s, uy = vy * w * s
            return (mx + cos(angle) * ux - sin(angle) * uy, my + sin(angle) * ux + cos(angle) * uy)
        }
    }

    @Test func perspectiveTileWithTheExtentsOwnCornersIsPlainTiling() throws {
        let image = try filtered(
            "CIPerspectiveTile",
            [
                "inputBottomLeft": .vector([0, 0]), "inputBottomRight": .vector([48, 0]),
                "inputTopRight": .vector([48, 32]), "inputTopLeft": .vector([0, 32])
            ])
        try assertDistortionWarp(image, rect: Rect(x: -48, y: -32, width: 144, height: 96)) { x, y in
            (x - 48 * (x / 48).rounded(.down), y - 32 * (y / 32).rounded(.down))
        }
    }

    // MARK: transitions

    /// Linear light of an sRGB byte triple.
    func lin(_ c: (UInt8, UInt8, UInt8)) -> SIMD4<Double> {
        SIMD4(DistortionReference.linear(c.0), DistortionReference.linear(c.1), DistortionReference.linear(c.2), 1)
    }
    let a: (UInt8, UInt8, UInt8) = (200, 60, 30), b: (UInt8, UInt8, UInt8) = (20, 120, 220)

    func pixel(_ name: String, _ parameters: [String: FilterValue], at x: Double, _ y: Double) throws -> SIMD4<UInt8> {
        var all = parameters
        all["inputTargetImage"] = .image(distortionUniformImage(b.0, b.1, b.2))
        let image = try distortionUniformImage(a.0, a.1, a.2).applyingFilter(name, parameters: all)
        return try Renderers.render(image, on: Renderers.cpu, rect: Rect(x: x - 0.5, y: y - 0.5, width: 1, height: 1))
            .rgba(x: 0, row: 0)
    }

    func assertColour(_ got: SIMD4<UInt8>, _ linear: SIMD4<Double>, _ message: String, line: UInt = #line) {
        let want = DistortionReference.bytes(linear)
        for c in 0..<4 { #expect(abs(Double(got[c]) - want[c]) <= 1.5, "\(message) channel \(c)") }
    }

    @Test func dissolveMixesLinearLight() throws {
        for t in [0.0, 0.25, 1.0] {
            assertColour(
                try pixel("CIDissolveTransition", ["inputTime": .number(t)], at: 10.5, 10.5),
                lin(a) * (1 - t) + lin(b) * t, "t \(t)")
        }
    }

    @Test func swipeAndCopyMachineSweepTheirEdge() throws {
        // Extent 0…48 along x, width 10, time ½: the edge spans x 19…29.
        let common: [String: FilterValue] = [
            "inputExtent": .vector([0, 0, 48, 32]), "inputWidth": .number(10), "inputTime": .number(0.5),
            "inputAngle": .number(0)
        ]
        var swipe = common
        swipe["inputOpacity"] = .number(0)
        assertColour(try pixel("CISwipeTransition", swipe, at: 10.5, 5.5), lin(b), "behind the edge")
        assertColour(try pixel("CISwipeTransition", swipe, at: 40.5, 5.5), lin(a), "ahead of the edge")
        assertColour(
            try pixel("CISwipeTransition", swipe, at: 24.5, 5.5), lin(b) * 0.45 + lin(a) * 0.55, "across the edge")
        var tinted = swipe
        tinted["inputOpacity"] = .number(0.5)
        tinted["inputColor"] = .color(SIMD4(1, 1, 1, 1))
        // f = 0.55, glow = 0.5 · (1 − |2f − 1|) = 0.45, towards white.
        assertColour(
            try pixel("CISwipeTransition", tinted, at: 24.5, 5.5),
            (lin(b) * 0.45 + lin(a) * 0.55) * 0.55 + SIMD4(1, 1, 1, 1) * 0.45, "tinted")
        var copy = common
        copy["inputOpacity"] = .number(0.5)
        copy["inputColor"] = .color(SIMD4(1, 1, 1, 1))
        assertColour(
            try pixel("CICopyMachineTransition", copy, at: 24.5, 5.5), lin(b) * 0.55 + SIMD4(1, 1, 1, 1) * 0.45,
            "under the light")
        assertColour(try pixel("CICopyMachineTransition", copy, at: 40.5, 5.5), lin(a), "ahead of the light")
    }

    @Test func barsSwipeDelaysOddBars() throws {
        // Angle 0: bars are rows 8 high; fronts at 0.5 · (48 + 6) = 27 for even bars and 21 for odd ones.
        let p: [String: FilterValue] = [
            "inputAngle": .number(0), "inputWidth": .number(8), "inputBarOffset": .number(6), "inputTime": .number(0.5)
        ]
        assertColour(try pixel("CIBarsSwipeTransition", p, at: 24.5, 4.5), lin(b), "even bar, behind its front")
        assertColour(try pixel("CIBarsSwipeTransition", p, at: 24.5, 12.5), lin(a), "odd bar, ahead of its front")
        assertColour(try pixel("CIBarsSwipeTransition", p, at: 20.5, 12.5), lin(b), "odd bar, behind its front")
    }

    @Test func modRevealsThroughItsPattern() throws {
        let (cx, cy, angle, R, C) = (24.0, 16.0, 0.5, 7.0, 20.0)
        let base: [String: FilterValue] = [
            "inputCenter": .vector([cx, cy]), "inputAngle": .number(angle), "inputRadius": .number(R),
            "inputCompression": .number(C)
        ]
        for (x, y) in [(3.5, 5.5), (30.5, 20.5), (40.5, 9.5)] {
            let dx = x - cx, dy = y - cy
            let vx = cos(angle) * dx + sin(angle) * dy, vy = -sin(angle) * dx + cos(angle) * dy
            let u = vx / R + vy * vy / (C * R), w = vy / R + vx * vx / (C * R)
            let h = (u - u.rounded(.down)) * (w - w.rounded(.down))
            var p = base
            p["inputTime"] = .number(0.5)
            assertColour(try pixel("CIModTransition", p, at: x, y), h < 0.5 ? lin(b) : lin(a), "at \(x), \(y)")
        }
        var p = base
        p["inputTime"] = .number(1)
        assertColour(try pixel("CIModTransition", p, at: 3.5, 5.5), lin(b), "time 1")
    }

    @Test func flashPeaksInItsColourAtTheCentre() throws {
        let p: [String: FilterValue] = [
            "inputCenter": .vector([24.5, 16.5]), "inputExtent": .vector([0, 0, 48, 32]),
            "inputColor": .color(SIMD4(1, 0.8, 0.6, 1))
        ]
        var mid = p
        mid["inputTime"] = .number(0.5)
        assertColour(
            try pixel("CIFlashTransition", mid, at: 24.5, 16.5),
            SIMD4(1, DistortionReference.linear(204), DistortionReference.linear(153), 1), "peak")
        var start = p
        start["inputTime"] = .number(0)
        assertColour(try pixel("CIFlashTransition", start, at: 3.5, 3.5), lin(a), "start")
        var end = p
        end["inputTime"] = .number(1)
        assertColour(try pixel("CIFlashTransition", end, at: 3.5, 3.5), lin(b), "end")
    }

    @Test func disintegrateRevealsDarkMaskFirst() throws {
        // A uniform mask of sRGB 128 (linear luma ≈ 0.216): the reveal (1.05 t − luma) / 0.05 is ≤ 0 at t 0.18
        // (the source) and ≥ 1 at t 0.27 (the target).
        let mask = distortionUniformImage(128, 128, 128)
        assertColour(
            try pixel(
                "CIDisintegrateWithMaskTransition", ["inputMaskImage": .image(mask), "inputTime": .number(0.18)],
                at: 10.5, 10.5), lin(a), "t 0.18")
        assertColour(
            try pixel(
                "CIDisintegrateWithMaskTransition", ["inputMaskImage": .image(mask), "inputTime": .number(0.27)],
                at: 10.5, 10.5), lin(b), "t 0.27")
        // Bottom half of the mask black, top half white, time ½: the bottom shows the target; a revealed pixel
        // whose caster 10 px above (offset [0 −10]) is still white lies in shadow: colour × (1 − 0.65 · clamp((1 − ½) ·
        // 8)).
        var split = PixelBuffer(width: 48, height: 32, format: .rgba8)
        for row in 0..<32 {
            for x in 0..<48 {
                let o = row * split.planes[0].bytesPerRow + x * 4
                for c in 0..<3 { split.planes[0].bytes[o + c] = row < 16 ? 255 : 0 }
                split.planes[0].bytes[o + 3] = 255
            }
        }
        let halves: [String: FilterValue] = ["inputMaskImage": .image(Image(buffer: split)), "inputTime": .number(0.5)]
        assertColour(
            try pixel("CIDisintegrateWithMaskTransition", halves, at: 10.5, 5.5), lin(b), "revealed, caster revealed")
        assertColour(
            try pixel("CIDisintegrateWithMaskTransition", halves, at: 10.5, 10.5), lin(b) * 0.35 + SIMD4(0, 0, 0, 0.65),
            "in shadow")
        assertColour(try pixel("CIDisintegrateWithMaskTransition", halves, at: 10.5, 25.5), lin(a), "not yet revealed")
    }

    @Test func rippleStartsOnTheSourceAndEndsOnTheTarget() throws {
        let shading = distortionUniformImage(0, 0, 0)
        let p: [String: FilterValue] = [
            "inputShadingImage": .image(shading), "inputCenter": .vector([24, 16]),
            "inputExtent": .vector([0, 0, 48, 32]), "inputWidth": .number(10)
        ]
        var start = p
        start["inputTime"] = .number(0)
        assertColour(try pixel("CIRippleTransition", start, at: 24.5, 16.5), lin(a), "start")
        var end = p
        end["inputTime"] = .number(1)
        assertColour(try pixel("CIRippleTransition", end, at: 2.5, 2.5), lin(b), "end")
        // Time ½: the front is at −10 + ½ · (far + 20), far = |(24, 16)| ≈ 28.84; well inside it the target.
        var mid = p
        mid["inputTime"] = .number(0.5)
        assertColour(try pixel("CIRippleTransition", mid, at: 24.5, 16.5), lin(b), "inside the wave")
    }

    @Test func accordionFoldSquashesTheSource() throws {
        // Time ½, bottom height 0: the source is folded into y 0…16 and reads y · 2; above, the target.
        let target = distortionUniformImage(b.0, b.1, b.2)
        let image = try ref.image.applyingFilter(
            "CIAccordionFoldTransition",
            parameters: [
                "inputTargetImage": .image(target), "inputTime": .number(0.5),
                "inputNumberOfFolds": .number(3), "inputFoldShadowAmount": .number(0.2)
            ])
        try assertDistortionWarp(image, rect: Rect(x: 0, y: 0, width: 48, height: 16)) { x, y in
            let panel = (y / 16 * 6).rounded(.down)
            return panel.truncatingRemainder(dividingBy: 2) == 1 || abs(y / 16 * 6 - (y / 16 * 6).rounded()) < 1e-3
                ? nil : (x, y * 2)
        }
        var options = Context.Options()
        options.colorManagement = false
        let above = try Renderers.render(
            image, on: Renderers.cpu, options: options, rect: Rect(x: 10, y: 20, width: 1, height: 1)
        ).rgba(x: 0, row: 0)
        #expect(above == SIMD4(b.0, b.1, b.2, 255), "above the fold")
        // A darkened panel (y 16/6…32/6): y 4.5 reads y 9, halfway between texel rows 8 and 9; colour × (1 − 0.2 · ½),
        // alpha kept.
        let shaded = try Renderers.render(
            image, on: Renderers.cpu, options: options, rect: Rect(x: 10, y: 4, width: 1, height: 1)
        ).rgba(x: 0, row: 0)
        let source = (ref.premultipliedTexel(10, 8) + ref.premultipliedTexel(10, 9)) / 2
        let want = DistortionReference.encodedBytes(SIMD4(source.x * 0.9, source.y * 0.9, source.z * 0.9, source.w))
        for c in 0..<4 { #expect(abs(Double(shaded[c]) - want[c]) <= 2, "shaded panel channel \(c)") }
    }

    // MARK: Droste and page curl

    @Test func drosteRepeatsTheImageInsideItsInset() throws {
        // Inset 16 × 10 about (24, 16): the image is s = max(48/16, 32/10) = 3.2 times larger; r = 8.
        let (cx, cy, r, s) = (24.0, 16.0, 8.0, 3.2)
        func image(strands: Double) throws -> Image {
            try filtered(
                "CIDroste",
                [
                    "inputInsetPoint0": .vector([16, 11]), "inputInsetPoint1": .vector([32, 21]),
                    "inputStrands": .number(strands)
                ])
        }
        // Without strands (α = 0) the map only rescales by powers of s into the ring r ≤ |z| < r·s.
        try assertDistortionWarp(try image(strands: 0), rect: frame) { x, y in
            let dx = x - cx, dy = y - cy
            var k = 1.0
            while self.length(dx, dy) * k < r { k *= s }
            while self.length(dx, dy) * k >= r * s { k /= s }
            let t = log(self.length(dx, dy) * k / r) / log(s)
            if t < 1e-3 || t > 1 - 1e-3 { return nil }
            return (cx + dx * k, cy + dy * k)
        }
        // One strand: the log-space twist by α = atan(ln s / 2π), scaled by cos α.
        let L = log(s), alpha = atan(L / (2 * Double.pi))
        try assertDistortionWarp(try image(strands: 1), rect: frame) { x, y in
            let dx = x - cx, dy = y - cy, theta = atan2(dy, dx)
            if abs(theta) > Double.pi - 0.01 { return nil }  // the branch cut of arg z
            let wx = log(self.length(dx, dy)), wy = theta
            var ux = (wx * cos(alpha) - wy * sin(alpha)) * cos(alpha)
            let uy = (wx * sin(alpha) + wy * cos(alpha)) * cos(alpha)
            let wrapped = (ux - log(r)) / L
            if abs(wrapped - wrapped.rounded()) < 1e-3 { return nil }  // the seam between copies
            ux = log(r) + L * (wrapped - wrapped.rounded(.down))
            return (cx + exp(ux) * cos(uy), cy + exp(ux) * sin(uy))
        }
    }

    @Test func pageCurlRollsThePageOverItsBackside() throws {
        let c: (UInt8, UInt8, UInt8) = (90, 200, 60)
        func curl(_ time: Double, at x: Double) throws -> SIMD4<UInt8> {
            let image = try distortionUniformImage(a.0, a.1, a.2).applyingFilter(
                "CIPageCurlTransition",
                parameters: [
                    "inputTargetImage": .image(distortionUniformImage(b.0, b.1, b.2)),
                    "inputBacksideImage": .image(distortionUniformImage(c.0, c.1, c.2)),
                    "inputShadingImage": .image(distortionUniformImage(0, 0, 0)),
                    "inputExtent": .vector([0, 0, 48, 32]),
                    "inputTime": .number(time), "inputAngle": .number(0), "inputRadius": .number(4)
                ])
            return try Renderers.render(image, on: Renderers.cpu, rect: Rect(x: x - 0.5, y: 15, width: 1, height: 1))
                .rgba(x: 0, row: 0)
        }
        assertColour(try curl(0, at: 30.5), lin(a), "time 0")
        assertColour(try curl(1, at: 10.5), lin(b), "time 1")
        // Time ½: the axis is at 48 + (0 − 4 − 48) · ½ = 22. At x 10.5 the page lies back on top, read at
        // 2 · 22 + 4π − 10.5 ≈ 46.1 ≤ 48: the backside × 0.7 over the source.
        let back = lin(c)
        assertColour(try curl(0.5, at: 10.5), SIMD4(back.x * 0.7, back.y * 0.7, back.z * 0.7, 1), "flat back")
        // At x 24.5, on the roll: φ = asin(2.5 / 4); the back at 22 + 4(π − φ) ≈ 31.9 is on the page.
        let k = 0.7 + 0.3 * 2.5 / 4
        assertColour(try curl(0.5, at: 24.5), SIMD4(back.x * k, back.y * k, back.z * k, 1), "roll")
        assertColour(try curl(0.5, at: 40.5), lin(b), "past the roll")
    }

    @Test func pageCurlWithShadowDarkensTheTargetPastTheRoll() throws {
        // Same geometry as above (axis 22, R 4, so the roll ends at 26); shadow size ½ reaches 2 px past it.
        func curl(at x: Double) throws -> SIMD4<UInt8> {
            let image = try distortionUniformImage(a.0, a.1, a.2).applyingFilter(
                "CIPageCurlWithShadowTransition",
                parameters: [
                    "inputTargetImage": .image(distortionUniformImage(b.0, b.1, b.2)),
                    "inputBacksideImage": .image(distortionUniformImage(0, 0, 0)),
                    "inputTime": .number(0.5), "inputAngle": .number(0), "inputRadius": .number(4),
                    "inputShadowSize": .number(0.5), "inputShadowAmount": .number(0.6)
                ])
            return try Renderers.render(image, on: Renderers.cpu, rect: Rect(x: x - 0.5, y: 15, width: 1, height: 1))
                .rgba(x: 0, row: 0)
        }
        // At 26.5, half a pixel past the roll: × (1 − 0.6 · (1 − 0.5/2)) = 0.55; from 28 on, no shadow.
        let t = lin(b)
        assertColour(try curl(at: 26.5), SIMD4(t.x * 0.55, t.y * 0.55, t.z * 0.55, 1), "in the shadow")
        assertColour(try curl(at: 40.5), t, "beyond the shadow")
    }

    // MARK: glass and nine-part

    @Test func glassDistortionFollowsTheTexturesSlope() throws {
        // A grey texture rising 5 per pixel to the right: with colour management off its luma slope is 10/255 over
        // the two-pixel central difference, so scale 51 moves every read ½ · 51 · 10/255 = 1 pixel right.
        var texture = PixelBuffer(width: 48, height: 32, format: .rgba8)
        for row in 0..<32 {
            for x in 0..<48 {
                let o = row * texture.planes[0].bytesPerRow + x * 4
                for c in 0..<3 { texture.planes[0].bytes[o + c] = UInt8(5 * x) }
                texture.planes[0].bytes[o + 3] = 255
            }
        }
        let image = try ref.image.applyingFilter(
            "CIGlassDistortion",
            parameters: [
                "inputTexture": .image(Image(buffer: texture)), "inputCenter": .vector([24, 16]),
                "inputScale": .number(51)
            ])
        try assertDistortionWarp(image, rect: Rect(x: 1, y: 1, width: 46, height: 30)) { x, y in (x + 1, y) }
    }

    @Test func ninePartStretchesOrRepeatsTheMiddle() throws {
        let (lo, hi, grow) = ((10.0, 8.0), (30.0, 20.0), (8.0, 6.0))
        func stretch(_ x: Double, _ l: Double, _ h: Double, _ g: Double) -> Double {
            x < l ? x : (x >= h + g ? x - g : l + (x - l) * (h - l) / (h - l + g))
        }
        func tile(_ x: Double, _ l: Double, _ h: Double, _ g: Double, flip: Bool) -> Double? {
            if x < l { return x }
            if x >= h + g { return x - g }
            let span = h - l, k = ((x - l) / span).rounded(.down), f = (x - l) - k * span
            if f < 1e-3 || span - f < 1e-3 { return nil }
            return l + (flip && Int(k) % 2 == 1 ? span - f : f)
        }
        let parameters: [String: FilterValue] = [
            "inputBreakpoint0": .vector([lo.0, lo.1]), "inputBreakpoint1": .vector([hi.0, hi.1]),
            "inputGrowAmount": .vector([grow.0, grow.1])
        ]
        let stretched = try filtered("CINinePartStretched", parameters)
        #expect(stretched.extent == Rect(x: 0, y: 0, width: 56, height: 38))
        try assertDistortionWarp(stretched, rect: stretched.extent) { x, y in
            (stretch(x, lo.0, hi.0, grow.0), stretch(y, lo.1, hi.1, grow.1))
        }
        for flip in [false, true] {
            var p = parameters
            p["inputFlipYTiles"] = .number(flip ? 1 : 0)
            let tiled = try filtered("CINinePartTiled", p)
            try assertDistortionWarp(tiled, rect: tiled.extent) { x, y in
                guard let sx = tile(x, lo.0, hi.0, grow.0, flip: false),
                    let sy = tile(y, lo.1, hi.1, grow.1, flip: flip)
                else { return nil }
                return (sx, sy)
            }
        }
    }
}
