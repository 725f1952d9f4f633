extension BuiltInFilters {
    /// CIRandomGenerator: an infinite image whose every pixel holds four independent values uniformly spread
    /// over 0…1, read as a straight working-space colour (R, G, B, alpha) and premultiplied. The values are a
    /// deterministic hash of the pixel's position (`RandomHash`), so a render is reproducible and both
    /// renderers give the same image; Core Image's sequence is not published and Iris does not reproduce it.
    static let randomGenerator = FilterDescriptor(
        name: "CIRandomGenerator", displayName: "Random Generator",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates an image of infinite extent whose pixel values are made up of four independent, uniformly-distributed random numbers in the 0 to 1 range.",
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
                let v = SIMD4(RandomHash.value(x, y, channel: 0), RandomHash.value(x, y, channel: 1),
                              RandomHash.value(x, y, channel: 2), RandomHash.value(x, y, channel: 3))
                px[i] = SIMD4(v.x * v.w, v.y * v.w, v.z * v.w, v.w)
            }
        })
}

/// Iris's position hash for CIRandomGenerator, exact in 32-bit floats so that GLSL on any GPU (llvmpipe's
/// floats are 32-bit) and the CPU's integers give the same numbers. Every intermediate is a whole number
/// below 2²⁴, so float arithmetic on it is exact; `mod` corrects the quotient's rounding by one step.
///
///     P_m(v)     = (34v + 1)·v mod m                               (the permutation polynomial of Gustavson
///                                                                 and McEwan's GLSL noise; ≤ 2 820 384)
///     H_m(x,y,c) = P(P(P(x mod m) + y mod m) + x mod m + 17c + 3)  (each sum reduced mod m first)
///     value      = (H_289 · 251 + H_251) / 72 539                  (two moduli: the pattern repeats only
///                                                                 every 72 539 pixels along an axis)
enum RandomHash {
    /// The GLSL functions, named `<prefix>Mod`, `<prefix>Permute`, `<prefix>Hash` and `<prefix>Value`, so
    /// each kernel that uses them carries its own copy.
    static func glsl(prefix p: String) -> String {
        """
        float \(p)Mod(float a, float m) {
            float r = a - m * floor(a / m);
            if (r >= m) r -= m;
            if (r < 0.0) r += m;
            return r;
        }
        float \(p)Permute(float v, float m) { return \(p)Mod((34.0 * v + 1.0) * v, m); }
        float \(p)Hash(vec2 q, float c, float m) {
            float x = \(p)Mod(q.x, m);
            float y = \(p)Mod(q.y, m);
            float h = \(p)Permute(x, m);
            h = \(p)Permute(\(p)Mod(h + y, m), m);
            return \(p)Permute(\(p)Mod(h + x + 17.0 * c + 3.0, m), m);
        }
        float \(p)Value(vec2 q, float c) {
            return (\(p)Hash(q, c, 289.0) * 251.0 + \(p)Hash(q, c, 251.0)) / 72539.0;
        }
        """
    }

    @inline(__always) static func mod(_ a: Int, _ m: Int) -> Int { let r = a % m; return r < 0 ? r + m : r }
    @inline(__always) static func permute(_ v: Int, _ m: Int) -> Int { mod((34 * v + 1) * v, m) }

    static func hash(_ x: Int, _ y: Int, channel c: Int, modulus m: Int) -> Int {
        let xm = mod(x, m), ym = mod(y, m)
        var h = permute(xm, m)
        h = permute(mod(h + ym, m), m)
        return permute(mod(h + xm + 17 * c + 3, m), m)
    }

    /// The whole-pixel index of a coordinate (floor), held within ±2⁴⁰ so the conversion cannot trap.
    @inline(__always) static func index(_ v: Float) -> Int { Int(min(max(v, -0x1p40), 0x1p40).rounded(.down)) }

    /// The value of channel `c` (0…3) at the pixel whose lower-left corner is (x, y).
    static func value(_ x: Int, _ y: Int, channel c: Int) -> Float {
        Float(hash(x, y, channel: c, modulus: 289) * 251 + hash(x, y, channel: c, modulus: 251)) / 72539
    }
}
