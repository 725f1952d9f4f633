import IrisCore

extension BuiltInFilters {
    /// CIRandomGenerator: an infinite image whose every pixel holds four independent values uniformly spread
    /// over 0…1, read as a straight working-space colour (R, G, B, alpha) and premultiplied. The values are a
    /// deterministic hash of the pixel's position (`RandomHash`), so a render is reproducible and both
    /// renderers give the same image; Core Image's sequence is not published and Iris does not reproduce it.
    static let randomGenerator = FilterDescriptor(
        name: "CIRandomGenerator", displayName: "Random Generator",
        categories: GeneratorSupport.generatorCategories,
        summary:
            "Generates an image of infinite extent whose pixel values are made up of four independent, "
            + "uniformly-distributed random numbers in the 0 to 1 range.",
        inputs: [],
        build: { _ throws(FilterError) in
            Image.make(randomKernel, [], KernelArguments([]), extent: .infinite, label: "CIRandomGenerator")
        })

    static let randomKernel = Kernel(
        color: "irisRandomGenerator", inputCount: 0, usesDestCoord: true, parameters: [],
        glsl: RandomHash.glsl(prefix: "irisRandom") + """

            vec4 irisRandomGenerator(vec2 dc) {
                vec2 q = floor(dc);
                vec4 v = vec4(irisRandomValue(q, 0.0), irisRandomValue(q, 1.0), irisRandomValue(q, 2.0), irisRandomValue(q, 3.0));
                return vec4(v.rgb * v.a, v.a);
            }
            """,
        cpu: { px, _, coords, _ in
            for i in 0..<min(px.count, coords.count) {
                let x = RandomHash.index(coords[i].x), y = RandomHash.index(coords[i].y)
                let v = SIMD4(
                    RandomHash.value(x, y, channel: 0), RandomHash.value(x, y, channel: 1),
                    RandomHash.value(x, y, channel: 2), RandomHash.value(x, y, channel: 3))
                px[i] = SIMD4(v.x * v.w, v.y * v.w, v.z * v.w, v.w)
            }
        })
}

/// Iris's position hash for CIRandomGenerator (and the HSV gradient's dither), exact in 32-bit floats so
/// that GLSL on any GPU (llvmpipe's floats are 32-bit) and the CPU's integers give the same numbers. Every
/// intermediate is a whole number below 2²⁴, so float arithmetic on it is exact; `mod` corrects the float
/// quotient's rounding by one step either way.
///
/// With p = 4091, a prime with p ≡ 2 (mod 3), cubing is a permutation of 0…p−1 (and h² mod p · h < 2²⁴),
/// so five rounds of "add a coordinate, cube" mix the position without losing uniformity:
///
///     x, y  = the pixel's whole coordinates mod p
///     h     = C(x + 101);  h = C(h + y + 7 + 977c);  h = C(h + x + 311);  h = C(h + y + 17);  h = C(h + 53)
///     C(v)  = ((v mod p)² mod p) · (v mod p) mod p;   value = h / p
///
/// Over a 256×256 block the values pass a 256-bin χ² test as uniform (≈ 263 for 255 degrees of freedom),
/// and neighbouring pixels and channels correlate below 0.01. The pattern repeats every 4091 pixels along
/// each axis. (Gustavson and McEwan's permutation polynomial (34v + 1)·v mod 289, tried first, is exact too
/// but leaves visible diagonal streaks.)
enum RandomHash {
    static let modulus = 4091

    /// The GLSL functions, named `<prefix>Mod`, `<prefix>Cube`, `<prefix>Hash` and `<prefix>Value`, so each
    /// kernel that uses them carries its own copy.
    static func glsl(prefix p: String) -> String {
        """
        float \(p)Mod(float a) {
            float r = a - 4091.0 * floor(a / 4091.0);
            if (r >= 4091.0) r -= 4091.0;
            if (r < 0.0) r += 4091.0;
            return r;
        }
        float \(p)Cube(float v) { float m = \(p)Mod(v); return \(p)Mod(\(p)Mod(m * m) * m); }
        float \(p)Value(vec2 q, float c) {
            float x = \(p)Mod(q.x);
            float y = \(p)Mod(q.y);
            float h = \(p)Cube(x + 101.0);
            h = \(p)Cube(h + y + 7.0 + 977.0 * c);
            h = \(p)Cube(h + x + 311.0);
            h = \(p)Cube(h + y + 17.0);
            h = \(p)Cube(h + 53.0);
            return h / 4091.0;
        }
        """
    }

    @inline(__always) static func mod(_ a: Int) -> Int {
        let r = a % modulus
        return r < 0 ? r + modulus : r
    }
    @inline(__always) static func cube(_ v: Int) -> Int {
        let m = mod(v)
        return mod(mod(m * m) * m)
    }

    /// The whole-pixel index of a coordinate (floor), held within ±2⁴⁰ so the conversion cannot trap.
    @inline(__always) static func index(_ v: Float) -> Int { Int(min(max(v, -0x1p40), 0x1p40).rounded(.down)) }

    /// The value of channel `c` (0…3) at the pixel whose lower-left corner is (x, y).
    static func value(_ x: Int, _ y: Int, channel c: Int) -> Float {
        let x = mod(x), y = mod(y)
        var h = cube(x + 101)
        h = cube(h + y + 7 + 977 * c)
        h = cube(h + x + 311)
        h = cube(h + y + 17)
        h = cube(h + 53)
        return Float(h) / Float(modulus)
    }
}
