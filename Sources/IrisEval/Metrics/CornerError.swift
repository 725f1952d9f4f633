import IrisCore
import IrisDetect

/// How far a found quad's corners lie from the true ones: the largest corner distance, in pixels, under the
/// best cyclic matching of the four corners (any corner first, either direction), so a detector that names
/// its corners from another starting point or winds the other way is not charged for it. Divided by the
/// true quad's diagonal it compares across sizes (`relative`).
///
///     CornerError.pixels(found: detected.corners, truth: object.corners!)   // 0 for the same quad renamed
public enum CornerError {
    public static func pixels(found: Quadrilateral, truth: Quadrilateral) -> Double {
        let foundPoints = found.points, truthPoints = truth.points
        var best = Double.infinity
        for order in [foundPoints, Array(foundPoints.reversed())] {
            for shift in 0..<4 {
                let worst =
                    (0..<4).map { k in PlaneDistance.between(order[(k + shift) % 4], truthPoints[k]) }.max()
                    ?? .infinity
                best = min(best, worst)
            }
        }
        return best
    }

    /// `pixels` ÷ the true quad's longer diagonal.
    public static func relative(found: Quadrilateral, truth: Quadrilateral) -> Double {
        let diagonal = truth.diagonal
        return diagonal > 0 ? pixels(found: found, truth: truth) / diagonal : 0
    }
}
