/// The sRGB transfer curves used at the edges of the linear working space. The GLSL versions in
/// `ColorManagementGLSL` spell out the same formulas.
public enum TransferFunction {
    @inline(__always)
    public static func sRGBToLinear(_ v: Float) -> Float {
        v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)
    }
    @inline(__always)
    public static func linearToSRGB(_ v: Float) -> Float {
        v <= 0.0031308 ? v * 12.92 : 1.055 * powf(v, 1 / 2.4) - 0.055
    }
}

/// GLSL ES 1.00 spellings of the colour-management steps, shared by every generated program.
public enum ColorManagementGLSL {
    public static let functions = """
    #define IRIS_INVISIBLE_ALPHA (0.5 / 255.0)
    vec3 iris_srgb_to_linear(vec3 c) {
        vec3 lo = c / 12.92;
        vec3 hi = pow((max(c, 0.0) + 0.055) / 1.055, vec3(2.4));
        return mix(lo, hi, step(vec3(0.04045), c));
    }
    vec3 iris_linear_to_srgb(vec3 c) {
        vec3 lo = c * 12.92;
        vec3 hi = 1.055 * pow(max(c, 0.0), vec3(1.0 / 2.4)) - 0.055;
        return mix(lo, hi, step(vec3(0.0031308), c));
    }
    vec4 iris_premultiply(vec4 c) { return vec4(c.rgb * c.a, c.a); }
    vec4 iris_unpremultiply(vec4 c) { return c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0); }
    """
}

import RealModule
@inline(__always) func powf(_ x: Float, _ y: Float) -> Float { Float.pow(x, y) }
