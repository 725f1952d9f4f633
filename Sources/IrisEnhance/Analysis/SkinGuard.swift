import Foundation
import IrisCore
import IrisDetect

/// Faces as a second opinion on the white balance: skin that already looks natural says the light is white
/// enough.
///
/// Rule: when the faces' skin (`SkinToneAnalysis`'s pixels) has a hue within `SkinToneAnalysis.toleranceDegrees`
/// of the natural skin hue before the white balance, and the white balance would move it further away, or
/// carry it across the natural hue to more than `overshootDegrees` on the other side, the white balance is
/// dropped. A warm-skinned portrait in front of a coloured backdrop reads as a cast to both of the white
/// balance's estimates; its faces say otherwise. Skin already natural that a balance swings from one side of
/// the natural hue to the other was the person's own hue, which the balance overshoots: a darkened face in
/// front of a blue backdrop, whose estimates read the backdrop as a cool light, swings from 6° on the pink
/// side to 5° on the orange. Natural skin that the balance takes out of skin's colours altogether (past 45° from
/// the skin axis, or out of its chroma) drops it too. A picture without faces, or whose skin is off before the
/// white balance, keeps the white balance.
enum SkinGuard {
    /// How far past the natural hue a balance may carry skin that was natural (a real cast's correction
    /// lands near it, on either side).
    static let overshootDegrees = 2.5

    /// Whether the gains that turn `before` into `after` may stay.
    static func keepsWhiteBalance(before: AnalysisView, after: AnalysisView, faces: [FaceFeature]) -> Bool {
        guard let skin = SkinToneAnalysis(before, faces: faces) else { return true }
        guard let balanced = SkinToneAnalysis(after, faces: faces) else {
            // The balance takes the skin out of skin's colours altogether: kept only for skin that was off.
            return skin.offNaturalDegrees > SkinToneAnalysis.toleranceDegrees
        }
        return keeps(before: skin.hueFromNaturalDegrees, after: balanced.hueFromNaturalDegrees)
    }

    /// The rule on the skin's hue from natural (degrees, signed) before and after the balance.
    static func keeps(before: Double, after: Double) -> Bool {
        if abs(before) > SkinToneAnalysis.toleranceDegrees { return true }
        let sameSide = before * after >= 0
        return abs(after) <= abs(before) && (sameSide || abs(after) <= overshootDegrees)
    }
}
