import IrisCore

/// The random feature points of CICrystallize and CIPointillize: one per square cell of a grid, jittered
/// inside its cell by a hash that both renderers compute exactly: the permutation polynomial
/// x → (34x + 1)·x mod 289 of Gustavson and McEwan's GLSL noise, on whole numbers below 2²⁴, which floats
/// hold exactly. (A float hash drifts by a thousandth between GPU and CPU, which moves dot edges.)
/// a = perm(perm(i mod 289) + (j mod 289)), b = perm(a + 1), jitter = (a, b) / 289.
enum CellularSupport {
    /// GLSL statements that reduce the float variable `v` (a whole number) mod 289 exactly: the quotient's
    /// floor may be one off after a rounded division, so the remainder is corrected into 0…288.
    static func modGLSL(_ v: String) -> String {
        "\(v) -= 289.0 * floor(\(v) / 289.0); \(v) += 289.0 * (float(\(v) < 0.0) - float(\(v) >= 289.0));"
    }

    /// GLSL statements that set `vec2 h` to the jitter (0…1 in x and y) of the cell `vec2 cell`.
    static let hashGLSL = """
        float ha = cell.x; \(modGLSL("ha"))
                float hb = cell.y; \(modGLSL("hb"))
                ha = (34.0 * ha + 1.0) * ha; \(modGLSL("ha"))
                ha += hb;
                ha = (34.0 * ha + 1.0) * ha; \(modGLSL("ha"))
                hb = ha + 1.0;
                hb = (34.0 * hb + 1.0) * hb; \(modGLSL("hb"))
                vec2 h = vec2(ha, hb) / 289.0;
        """

    @inline(__always) static func mod289(_ v: Int) -> Int { ((v % 289) + 289) % 289 }
    @inline(__always) static func permute(_ v: Int) -> Int { mod289((34 * v + 1) * v) }

    @inline(__always) static func hash(_ cell: SIMD2<Float>) -> SIMD2<Float> {
        // Cells far beyond Int's range cannot occur for finite images; clamp rather than trap.
        let i = Int(max(min(cell.x, 1e9), -1e9)), j = Int(max(min(cell.y, 1e9), -1e9))
        let a = permute(permute(mod289(i)) + mod289(j))
        let b = permute(a + 1)
        return SIMD2(Float(a), Float(b)) / 289
    }

    /// The feature point nearest `q` (relative to the grid's origin) among the 3×3 cells around it, for
    /// cells of side `size`, and its distance.
    @inline(__always) static func nearest(_ q: SIMD2<Float>, size: Float) -> (point: SIMD2<Float>, distance: Float) {
        let g = SIMD2((q.x / size).rounded(.down), (q.y / size).rounded(.down))
        var best = SIMD2<Float>.zero
        var bestD2 = Float.greatestFiniteMagnitude
        for j in -1...1 {
            for i in -1...1 {
                let cell = g + SIMD2(Float(i), Float(j))
                let f = (cell + hash(cell)) * size
                let d = q - f
                let d2 = d.x * d.x + d.y * d.y
                if d2 < bestD2 {
                    bestD2 = d2
                    best = f
                }
            }
        }
        return (best, bestD2.squareRoot())
    }

    /// GLSL statements that set `vec2 best` and `float bestD2` for `vec2 q` and `float size`, as `nearest`.
    static let nearestGLSL = """
        vec2 g = floor(q / size);
            vec2 best = vec2(0.0);
            float bestD2 = 1e30;
            for (int j = -1; j <= 1; j++) {
                for (int i = -1; i <= 1; i++) {
                    vec2 cell = g + vec2(float(i), float(j));
                    \(hashGLSL)
                    vec2 f = (cell + h) * size;
                    vec2 d = q - f;
                    float d2 = dot(d, d);
                    if (d2 < bestD2) { bestD2 = d2; best = f; }
                }
            }
        """
}
