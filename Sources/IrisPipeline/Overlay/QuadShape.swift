import IrisCore

/// One shape an overlay draws: four corners (image coordinates, drawing order), a colour, a line width,
/// outlined or filled. Becomes one `OverlayKernels.quad` node of the recipe.
///
///     let box = QuadShape(rect: faceBounds, color: OverlayColor(255, 150, 0), lineWidth: 3)
public struct QuadShape: Sendable, Equatable {
    public var corners: [Point]
    public var color: OverlayColor
    public var lineWidth: Double
    public var filled: Bool

    public init(corners: [Point], color: OverlayColor, lineWidth: Double, filled: Bool = false) {
        precondition(corners.count == 4, "a quad has four corners")
        self.corners = corners
        self.color = color
        self.lineWidth = lineWidth
        self.filled = filled
    }

    /// An axis-aligned box.
    public init(rect: Rect, color: OverlayColor, lineWidth: Double, filled: Bool = false) {
        self.init(
            corners: [
                Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
                Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX, y: rect.minY)
            ],
            color: color, lineWidth: lineWidth, filled: filled)
    }

    /// Everything the shape touches, antialiased edge included.
    public var bounds: Rect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let margin = filled ? 1 : lineWidth / 2 + 1
        let x0 = (xs.min() ?? 0) - margin, y0 = (ys.min() ?? 0) - margin
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) + margin - x0, height: (ys.max() ?? 0) + margin - y0)
    }

    /// The kernel's arguments; `linear` converts the colour into a linear working space.
    func arguments(linear: Bool) -> [KernelValue] {
        let p = corners.map { SIMD2(Float($0.x), Float($0.y)) }
        let b = bounds
        return [
            .vec4(SIMD4(p[0].x, p[0].y, p[1].x, p[1].y)), .vec4(SIMD4(p[2].x, p[2].y, p[3].x, p[3].y)),
            .vec4(SIMD4(Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))),
            .vec4(color.premultiplied(linear: linear)),
            .vec2(SIMD2(Float(max(lineWidth, 1) / 2), filled ? 1 : 0))
        ]
    }
}

/// An sRGB colour with straight alpha, 0–255 per channel.
public struct OverlayColor: Sendable, Hashable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    func premultiplied(linear: Bool) -> SIMD4<Float> {
        let a = Float(alpha) / 255
        func channel(_ v: UInt8) -> Float {
            let encoded = Float(v) / 255
            return (linear ? TransferFunction.sRGBToLinear(encoded) : encoded) * a
        }
        return SIMD4(channel(red), channel(green), channel(blue), a)
    }
}
