import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// The geometry filters against their documented formulas, recomputed here in Double and read through
/// `DistortionReference` (bilinear between texel centres, colour management off).
@Suite(.serialized) struct GeometryFormulaTests {
    let ref = DistortionReference.gradient
    let frame = Rect(x: 0, y: 0, width: 48, height: 32)

    @Test func straightenRotatesAndScalesToFill() throws {
        let theta = 0.2
        let image = try ref.image.applyingFilter("CIStraightenFilter", parameters: ["inputAngle": .number(theta)])
        #expect(image.extent == frame)
        let c = abs(cos(theta)), s = abs(sin(theta))
        let k = max((48 * c + 32 * s) / 48, (48 * s + 32 * c) / 32)
        try assertDistortionWarp(image, rect: frame) { x, y in
            let dx = (x - 24) / k, dy = (y - 16) / k
            return (24 + cos(theta) * dx + sin(theta) * dy, 16 - sin(theta) * dx + cos(theta) * dy)
        }
        // No empty corner.
        let out = try Renderers.render(image, on: Renderers.cpu)
        for (x, row) in [(0, 0), (47, 0), (0, 31), (47, 31)] { #expect(out.rgba(x: x, row: row)[3] == 255) }
    }

    /// Lanczos-3, L(t) = sinc(t) sinc(t/3), stretched by 1/scale when shrinking, normalised, x then y.
    func lanczosReference(_ xo: Double, _ yo: Double, sx: Double, sy: Double) -> SIMD4<Double> {
        func weight(_ t: Double) -> Double {
            let a = abs(t)
            if a < 1e-4 { return 1 }
            if a >= 3 { return 0 }
            return 3 * sin(Double.pi * a) * sin(Double.pi * a / 3) / (Double.pi * Double.pi * a * a)
        }
        func taps(_ u: Double, _ scale: Double) -> [(Int, Double)] {
            let stretch = max(1, 1 / scale)
            let lo = Int((u - 3 * stretch - 0.5).rounded(.down)), hi = Int((u + 3 * stretch).rounded(.up))
            let raw = (lo...hi).map { ($0, weight((Double($0) + 0.5 - u) / stretch)) }
            let total = raw.reduce(0) { $0 + $1.1 }
            return raw.map { ($0.0, $0.1 / total) }
        }
        func texel(_ i: Int, _ j: Int) -> SIMD4<Double> {
            (i >= 0 && j >= 0 && i < ref.width && j < ref.height) ? ref.premultipliedTexel(i, j) : .zero
        }
        var sum = SIMD4<Double>.zero
        for (j, wy) in taps(yo / sy, sy) {
            var row = SIMD4<Double>.zero
            for (i, wx) in taps(xo / sx, sx) { row += texel(i, j) * wx }
            sum += row * wy
        }
        return sum
    }

    @Test func lanczosScaleMatchesTheSeparableLanczosSum() throws {
        for (scale, aspect) in [(0.5, 1.0), (1.5, 0.8)] {
            let image = try ref.image.applyingFilter(
                "CILanczosScaleTransform",
                parameters: ["inputScale": .number(scale), "inputAspectRatio": .number(aspect)])
            let sx = scale * aspect, sy = scale
            #expect(image.extent == Rect(x: 0, y: 0, width: 48 * sx, height: 32 * sy))
            let rect = image.extent.integral
            var options = Context.Options()
            options.colorManagement = false
            let out = try Renderers.render(image, on: Renderers.cpu, options: options, rect: rect)
            var worst = 0.0, at = (0.0, 0.0, 0)
            for row in 0..<out.height {
                for x in 0..<out.width {
                    let gx = rect.minX + Double(x) + 0.5, gy = rect.maxY - Double(row) - 0.5
                    // Pixels cut by the extent's fractional edge are judged by coverage; skip them.
                    if gx >= 48 * sx || gy >= 32 * sy { continue }
                    let want = lanczosReference(gx, gy, sx: sx, sy: sy)
                    // Near the border the taps outside the image make the colour translucent, and dividing by a
                    // small alpha magnifies storage rounding: judge the pixels that stay nearly opaque.
                    if want.w < 0.9 { continue }
                    let bytes = DistortionReference.encodedBytes(want), got = out.rgba(x: x, row: row)
                    for c in 0..<4 where abs(Double(got[c]) - bytes[c]) > worst {
                        worst = abs(Double(got[c]) - bytes[c])
                        at = (gx, gy, c)
                    }
                }
            }
            #expect(worst <= 2, "scale \(scale) aspect \(aspect) at \(at)")
        }
    }

    func corners(_ bl: (Double, Double), _ br: (Double, Double), _ tr: (Double, Double), _ tl: (Double, Double))
        -> [String: FilterValue]
    {
        [
            "inputBottomLeft": .vector([bl.0, bl.1]), "inputBottomRight": .vector([br.0, br.1]),
            "inputTopRight": .vector([tr.0, tr.1]), "inputTopLeft": .vector([tl.0, tl.1])
        ]
    }

    @Test func perspectiveTransformTranslatesARectangleAndMeetsAtTheDiagonals() throws {
        let moved = try ref.image.applyingFilter(
            "CIPerspectiveTransform", parameters: corners((10, 8), (58, 8), (58, 40), (10, 40)))
        #expect(moved.extent == Rect(x: 10, y: 8, width: 48, height: 32))
        try assertDistortionWarp(moved, rect: Rect(x: 0, y: 0, width: 70, height: 50)) { x, y in (x - 10, y - 8) }

        // A trapezoid: its diagonals meet at (32.5, 25.5), where the input's centre (24, 16) must land,
        // since a projective map keeps straight lines and so the diagonals' crossing.
        let trapezoid = try ref.image.applyingFilter(
            "CIPerspectiveTransform",
            parameters: corners((4.5, 4.5), (60.5, 4.5), (44.5, 34.5), (20.5, 34.5)))
        var options = Context.Options()
        options.colorManagement = false
        let out = try Renderers.render(
            trapezoid, on: Renderers.cpu, options: options, rect: Rect(x: 32, y: 25, width: 1, height: 1))
        let want = DistortionReference.encodedBytes(ref.sample(24, 16)!)
        for c in 0..<4 { #expect(abs(Double(out.rgba(x: 0, row: 0)[c]) - want[c]) <= 2) }
    }

    @Test func perspectiveTransformWithExtentMapsTheChosenRectangle() throws {
        var parameters = corners((0, 0), (48, 0), (48, 32), (0, 32))
        parameters["inputExtent"] = .vector([0, 0, 24, 16])
        let image = try ref.image.applyingFilter("CIPerspectiveTransformWithExtent", parameters: parameters)
        #expect(image.extent == Rect(x: 0, y: 0, width: 96, height: 64))
        try assertDistortionWarp(image, rect: image.extent) { x, y in (x / 2, y / 2) }
    }

    @Test func perspectiveCorrectionUndoesARectangle() throws {
        var parameters = corners((10, 8), (40, 8), (40, 28), (10, 28))
        let cropped = try ref.image.applyingFilter("CIPerspectiveCorrection", parameters: parameters)
        #expect(cropped.extent == Rect(x: 0, y: 0, width: 30, height: 20))
        try assertDistortionWarp(cropped, rect: cropped.extent) { x, y in (x + 10, y + 8) }
        parameters["inputCrop"] = .number(0)
        let whole = try ref.image.applyingFilter("CIPerspectiveCorrection", parameters: parameters)
        #expect(whole.extent == Rect(x: -10, y: -8, width: 48, height: 32))
        try assertDistortionWarp(whole, rect: whole.extent) { x, y in (x + 10, y + 8) }
    }
}
