import Foundation

/// YIQ, NTSC's 1953 matrix: Y is luma, I the orange–blue axis, Q the purple–green axis. CIFaceBalance reads
/// a skin colour as its I and Q (Core Image's `inputOrigI` and `inputOrigQ`, whose ranges ±0.5957 and
/// ±0.5226 are the largest |I| and |Q| this matrix gives for components in 0…1). The one definition of
/// the matrix in Iris; the inverse is computed from it rather than written out, so the two cannot disagree.
/// Auto-adjustment's analysis measures skin with it too.
///
///     let skin = YIQ.yiq(SIMD3(0.85, 0.66, 0.55))   // perceptual RGB → (Y, I, Q)
public enum YIQ {
    /// Rows Y, I, Q over R, G, B.
    public static let fromRGB: [[Double]] = [
        [0.299, 0.587, 0.114],
        [0.595716, -0.274453, -0.321263],
        [0.211456, -0.522591, 0.311135]
    ]

    /// Rows R, G, B over Y, I, Q: the inverse of `fromRGB`.
    public static let toRGB: [[Double]] = inverse(fromRGB)

    /// The natural skin colour's I and Q: Core Image's CIFaceBalance defaults (`inputOrigI`, `inputOrigQ`),
    /// which leave a picture as it is, so their hue is the one face balance aims for.
    public static let naturalSkin = (i: 0.103905, q: 0.0291)
    /// atan2(Q, I) of `naturalSkin`, radians (≈ 15.64°).
    public static let naturalSkinHue = atan2(naturalSkin.q, naturalSkin.i)

    /// The Y row, for a `Formula`: `dot(p, Formula(YIQ.lumaWeights))`.
    public static let lumaWeights = SIMD3<Float>(Float(fromRGB[0][0]), Float(fromRGB[0][1]), Float(fromRGB[0][2]))

    @inline(__always)
    public static func luma(_ c: SIMD3<Float>) -> Float { 0.299 * c.x + 0.587 * c.y + 0.114 * c.z }

    public static func yiq(_ rgb: SIMD3<Double>) -> SIMD3<Double> { apply(fromRGB, rgb) }
    public static func rgb(_ yiq: SIMD3<Double>) -> SIMD3<Double> { apply(toRGB, yiq) }

    private static func apply(_ m: [[Double]], _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((0..<3).map { r in m[r][0] * v.x + m[r][1] * v.y + m[r][2] * v.z })
    }

    /// A 3×3 inverse by cofactors; `fromRGB` is far from singular (determinant ≈ 0.31).
    private static func inverse(_ m: [[Double]]) -> [[Double]] {
        func c(_ r: Int, _ k: Int) -> Double {
            let r1 = (r + 1) % 3, r2 = (r + 2) % 3, k1 = (k + 1) % 3, k2 = (k + 2) % 3
            return m[r1][k1] * m[r2][k2] - m[r1][k2] * m[r2][k1]
        }
        let det = m[0][0] * c(0, 0) + m[0][1] * c(0, 1) + m[0][2] * c(0, 2)
        // The inverse is the transposed cofactor matrix over the determinant.
        return (0..<3).map { r in (0..<3).map { k in c(k, r) / det } }
    }
}
