import IrisCore

/// How far found eyes and mouth lie from the true ones, in units of the true eye distance (the
/// inter-ocular normalisation of face-alignment benchmarks), so faces of every size compare. "Left eye" is
/// the eye on the picture's left in both the detection and the truth.
///
///     LandmarkError.eyes(left: l, right: r, trueLeft: tl, trueRight: tr)   // 0.1: off by a tenth of the eye distance
public enum LandmarkError {
    /// The mean of the two eye distances ÷ the true eye distance; nil when the true eyes coincide.
    public static func eyes(left: Point, right: Point, trueLeft: Point, trueRight: Point) -> Double? {
        let scale = PlaneDistance.between(trueLeft, trueRight)
        guard scale > 0 else { return nil }
        return (PlaneDistance.between(left, trueLeft) + PlaneDistance.between(right, trueRight)) / 2 / scale
    }

    /// The mouth distance ÷ the true eye distance; nil when the true eyes coincide.
    public static func mouth(_ mouth: Point, trueMouth: Point, trueLeft: Point, trueRight: Point) -> Double? {
        let scale = PlaneDistance.between(trueLeft, trueRight)
        guard scale > 0 else { return nil }
        return PlaneDistance.between(mouth, trueMouth) / scale
    }
}
