import RealModule

/// CIE 1976 L*a*b* of Iris's working space (linear sRGB primaries, D65 white): the one definition of it,
/// in Swift for the analysis and as GLSL for kernels, so a threshold the analysis measures means the same
/// on both renderers. Red-eye reads a* (the green–red axis): a red pupil stays far up it whether it leans
/// magenta or orange, while skin, lips and brown irises sit much lower.
///
///     let a = CIELab.a(SIMD3(0.58, 0.013, 0.017))   // a red pupil: a* ≈ 69
public enum CIELab {
    /// The X and Y rows of linear sRGB → XYZ (IEC 61966-2-1), X divided by the D65 white's X (0.95047)
    /// so both are 1 for white.
    static let xRow = SIMD3<Float>(0.4124564, 0.3575761, 0.1804375) / 0.95047
    static let yRow = SIMD3<Float>(0.2126729, 0.7151522, 0.0721750)

    /// CIE's f: the cube root above (6/29)³, a line below it, so black does not give an infinite slope.
    @inline(__always) static func f(_ t: Float) -> Float {
        t > 216.0 / 24389.0 ? Float.root(t, 3) : t * (24389.0 / 3132.0) + 4.0 / 29.0
    }

    /// a* of linear working-space colour: 0 for greys, about +80 for sRGB red, −86 for sRGB green.
    @inline(__always) public static func a(_ linear: SIMD3<Float>) -> Float {
        let x = (xRow * linear).sum(), y = (yRow * linear).sum()
        return 500 * (f(x) - f(y))
    }

    /// L* of linear working-space colour: 0 for black, 100 for white.
    @inline(__always) public static func lightness(_ linear: SIMD3<Float>) -> Float {
        116 * f((yRow * linear).sum()) - 16
    }

    /// A GLSL function `float name(vec3 linear)` returning `a(_:)`, for a kernel's source.
    public static func aGLSL(_ name: String) -> String {
        """
        float \(name)F(float t) {
            return t > \(glsl(216.0 / 24389.0)) ? pow(t, 1.0 / 3.0) : t * \(glsl(24389.0 / 3132.0)) + \(glsl(4.0 / 29.0));
        }
        float \(name)(vec3 c) {
            float x = dot(c, vec3(\(glsl(xRow.x)), \(glsl(xRow.y)), \(glsl(xRow.z))));
            float y = dot(c, vec3(\(glsl(yRow.x)), \(glsl(yRow.y)), \(glsl(yRow.z))));
            return 500.0 * (\(name)F(x) - \(name)F(y));
        }

        """
    }

    private static func glsl(_ value: Float) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
