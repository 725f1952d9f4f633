import Foundation
import IrisCore
import IrisDetect

/// Faces as a second opinion on the white balance: skin that already looks natural says the light is white
/// enough.
///
/// Rule: when the faces' skin (`SkinToneAnalysis`'s pixels) has a hue within `SkinToneAnalysis.toleranceDegrees`
/// of the natural skin hue before the white balance, and the white balance would move it further away, the
/// white balance is dropped. A warm-skinned portrait in front of a coloured backdrop reads as a cast to both
/// of the white balance's estimates; its faces say otherwise. A picture without faces, or whose skin is off
/// before the white balance, keeps the white balance.
enum SkinGuard {
    /// Whether the gains that turn `before` into `after` may stay.
    static func keepsWhiteBalance(before: AnalysisView, after: AnalysisView, faces: [FaceFeature]) -> Bool {
        guard let skin = SkinToneAnalysis(before, faces: faces), let balanced = SkinToneAnalysis(after, faces: faces)
        else { return true }
        let offBefore = skin.offNaturalDegrees, offAfter = balanced.offNaturalDegrees
        return offBefore > SkinToneAnalysis.toleranceDegrees || offAfter <= offBefore
    }
}
