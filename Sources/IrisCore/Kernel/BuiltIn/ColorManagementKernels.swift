/// The kernels that move colour in and out of the working space; the compiler inserts them.
extension BuiltInKernels {
    /// Straight encoded sRGB → premultiplied linear.
    public static let srgbToLinear = Kernel(
        color: "irisSRGBToLinear", parameters: [],
        glsl: """
            vec4 irisSRGBToLinear(vec4 s0) { return vec4(iris_srgb_to_linear(s0.rgb) * s0.a, s0.a); }
            """,
        cpu: { px, _, _, _ in
            TransferTables.shared.withTables { t in
                px.withUnsafeMutableBufferPointer { p in
                    for i in p.indices {
                        let c = p[i]
                        p[i] = SIMD4(
                            t.sRGBToLinear(c.x) * c.w, t.sRGBToLinear(c.y) * c.w, t.sRGBToLinear(c.z) * c.w, c.w)
                    }
                }
            }
        }
    ).playing(.srgbToLinear)

    /// Premultiplied linear → straight encoded sRGB, for output.
    public static let linearToSRGB = Kernel(
        color: "irisLinearToSRGB", parameters: [],
        glsl: """
            vec4 irisLinearToSRGB(vec4 s0) {
                if (s0.a < IRIS_INVISIBLE_ALPHA) return vec4(0.0);
                vec4 c = iris_unpremultiply(s0);
                return vec4(iris_linear_to_srgb(c.rgb), c.a);
            }
            """,
        cpu: { px, _, _, _ in
            TransferTables.shared.withTables { t in
                px.withUnsafeMutableBufferPointer { p in
                    for i in p.indices {
                        if p[i].w < invisibleAlpha {
                            p[i] = .zero
                            continue
                        }
                        let c = unpremultiplied(p[i])
                        p[i] = SIMD4(t.linearToSRGB(c.x), t.linearToSRGB(c.y), t.linearToSRGB(c.z), c.w)
                    }
                }
            }
        }
    ).playing(.linearToSRGB)

    /// Straight → premultiplied, when colour management is off.
    public static let premultiply = Kernel(
        color: "irisPremultiply", parameters: [],
        glsl: """
            vec4 irisPremultiply(vec4 s0) { return iris_premultiply(s0); }
            """,
        cpu: { px, _, _, _ in
            px.withUnsafeMutableBufferPointer { p in
                for i in p.indices { p[i] = premultiplied(p[i]) }
            }
        }
    ).playing(.premultiply)

    /// Premultiplied → straight, for output when colour management is off.
    public static let unpremultiply = Kernel(
        color: "irisUnpremultiply", parameters: [],
        glsl: """
            vec4 irisUnpremultiply(vec4 s0) { return s0.a < IRIS_INVISIBLE_ALPHA ? vec4(0.0) : iris_unpremultiply(s0); }
            """,
        cpu: { px, _, _, _ in
            px.withUnsafeMutableBufferPointer { p in
                for i in p.indices { p[i] = p[i].w < invisibleAlpha ? .zero : unpremultiplied(p[i]) }
            }
        }
    ).playing(.unpremultiply)

    /// RGBA → BGRA byte order for BGRA8 output.
    public static let swizzleBGRA = Kernel(
        color: "irisSwizzleBGRA", parameters: [],
        glsl: """
            vec4 irisSwizzleBGRA(vec4 s0) { return s0.bgra; }
            """,
        cpu: { px, _, _, _ in
            px.withUnsafeMutableBufferPointer { p in
                for i in p.indices {
                    let c = p[i]
                    p[i] = SIMD4(c.z, c.y, c.x, c.w)
                }
            }
        }
    ).playing(.swizzleBGRA)
}

extension BuiltInKernels {
    /// Alpha set to 1: a source whose fourth byte is padding (BGRX).
    public static let opaque = Kernel(color: "irisOpaque") { s0, _ in vec4(s0.rgb, 1) }
}

/// Output pixels whose alpha rounds to 0 in 8 bits are written as transparent black: their straight colour
/// is noise (a half-float intermediate flushes it to 0 where a float one keeps it), and invisible anyway.
package let invisibleAlpha: Float = 0.5 / 255

/// Straight alpha from premultiplied; transparent stays zero.
@inline(__always)
public func unpremultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> {
    // Opaque pixels (all of a camera frame) skip the division; otherwise one vector division gives the
    // same quotients as three scalar ones, at a third of the cost.
    if c.w == 1 { return c }
    return c.w > 0 ? c / SIMD4(c.w, c.w, c.w, 1) : .zero
}

/// Premultiplied from straight alpha: r, g, b times a, alpha kept.
@inline(__always)
package func premultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> { c * SIMD4(c.w, c.w, c.w, 1) }
