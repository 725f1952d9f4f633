import IrisDetect

/// How far a found quadrilateral's corners are from the true ones: the largest corner distance under the
/// best matching of corners (any start, either direction), so that naming conventions do not count as error.
///
///     let fraction = QuadCornerError.relative(found.corners, truth)   // ≤ 0.02: every corner within 2 % of the diagonal
public enum QuadCornerError {
    /// In pixels.
    public static func pixels(_ found: Quadrilateral, _ truth: Quadrilateral) -> Double {
        let f = found.points, t = truth.points
        var best = Double.infinity
        for reversed in [false, true] {
            let g = reversed ? Array(f.reversed()) : f
            for shift in 0..<4 {
                let worst = (0..<4).map { k -> Double in
                    let a = g[(k + shift) % 4], b = t[k]
                    return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                }.max() ?? .infinity
                best = min(best, worst)
            }
        }
        return best
    }

    /// As a fraction of the true quad's diagonal.
    public static func relative(_ found: Quadrilateral, _ truth: Quadrilateral) -> Double {
        pixels(found, truth) / truth.diagonal
    }
}
