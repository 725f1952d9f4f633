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

/// Table versions of the two curves for the CPU kernel bodies, where `powf` per channel per pixel was
/// most of a colour-managed render. Linear interpolation between exact samples stays within 1e-5 of
/// the formulas above (TransferFunctionTableTests sweeps the inputs); values outside the tables, and
/// NaN, take the exact formulas.
struct TransferTables: Sendable {
    /// sRGB → linear on [0, 1], uniformly: the curve is smooth there, so 1024 intervals suffice.
    private let decode: [Float]
    /// Linear → sRGB on [2⁻⁹, 2⁷), indexed by the float's exponent and top 6 mantissa bits: 64 intervals
    /// per octave follow the curve's steepness near 0, where a uniform table would need thousands.
    private let encode: [Float]

    private static let decodeIntervals: Float = 1024
    private static let encodeBase: UInt32 = (127 - 9) << 23
    private static let encodeEnd: UInt32 = (127 + 7) << 23
    private static let encodeShift: UInt32 = 23 - 6

    static let shared = TransferTables()

    private init() {
        decode = (0...1025).map { i in
            Float(Double.pow((Double(i) / Double(Self.decodeIntervals) + 0.055) / 1.055, 2.4))
        }
        let count = Int((Self.encodeEnd - Self.encodeBase) >> Self.encodeShift)
        encode = (0...count).map { i in
            let v = Double(Float(bitPattern: Self.encodeBase + UInt32(i) << Self.encodeShift))
            return Float(1.055 * Double.pow(v, 1 / 2.4) - 0.055)
        }
    }

    /// Runs `body` with pointers to both tables, so per-pixel loops index them without checks.
    @inline(__always)
    func withTables<R>(_ body: (Lookup) -> R) -> R {
        decode.withUnsafeBufferPointer { d in
            encode.withUnsafeBufferPointer { e in
                body(Lookup(decode: d, encode: e))
            }
        }
    }

    struct Lookup {
        // Buffer subscripts are checked in debug builds only; the indices below stay in range by construction.
        let decode: UnsafeBufferPointer<Float>
        let encode: UnsafeBufferPointer<Float>

        @inline(__always)
        func sRGBToLinear(_ v: Float) -> Float {
            if v <= 0.04045 { return v / 12.92 }
            guard v <= 1 else { return TransferFunction.sRGBToLinear(v) }  // also NaN
            let t = v * TransferTables.decodeIntervals
            let i = Int(t)
            let a = decode[i], b = decode[i &+ 1]
            return a + (b - a) * (t - Float(i))
        }

        @inline(__always)
        func linearToSRGB(_ v: Float) -> Float {
            if v <= 0.0031308 { return v * 12.92 }
            let bits = v.bitPattern
            guard bits < TransferTables.encodeEnd else { return TransferFunction.linearToSRGB(v) }  // also NaN
            let offset = bits &- TransferTables.encodeBase
            let i = Int(offset >> TransferTables.encodeShift)
            let f =
                Float(offset & ((1 << TransferTables.encodeShift) - 1)) * (1 / Float(1 << TransferTables.encodeShift))
            let a = encode[i], b = encode[i &+ 1]
            return a + (b - a) * f
        }
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
