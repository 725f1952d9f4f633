/// Luma weights of Iris's working space (linear, Rec.709 primaries, which sRGB shares). The colour filters
/// that need "how bright is this pixel" (hue rotation, saturation, vibrance) all read them from here, and
/// so does auto-adjustment's analysis.
///
///     let y = WorkingSpaceLuma.luma(SIMD3<Float>(0.2, 0.4, 0.1))
public enum WorkingSpaceLuma {
    public static let red = 0.2126
    public static let green = 0.7152
    public static let blue = 0.0722

    /// The weights for a `Formula`: `dot(c.rgb, Formula(WorkingSpaceLuma.weights))`.
    public static let weights = SIMD3<Float>(Float(red), Float(green), Float(blue))

    /// GLSL spelling, for kernels that compute luma per pixel.
    package static let glsl = "vec3(0.2126, 0.7152, 0.0722)"

    @inline(__always)
    package static func luma(_ c: SIMD4<Float>) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    @inline(__always)
    public static func luma(_ c: SIMD3<Float>) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// A 3×3 matrix (row-major) whose every row is the luma weights: it maps a colour to its grey.
    package static var greyRows: [[Double]] { Array(repeating: [red, green, blue], count: 3) }
}

extension ColorMatrix {
    /// A matrix that transforms R, G, B by `rgb` (3×3, row-major), adds `bias` to R, G, B, and keeps alpha.
    package init(rgb: [[Double]], bias: SIMD3<Double> = .zero) {
        self.init(
            rows: [rgb[0] + [0], rgb[1] + [0], rgb[2] + [0], [0, 0, 0, 1]],
            bias: SIMD4(bias.x, bias.y, bias.z, 0))
    }
}
