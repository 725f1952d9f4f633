import IrisCore
import IrisDetect

/// What `Image.autoAdjustmentFilters(options:)` may change and what it may use. Core Image's
/// `kCIImageAutoAdjust…` keys: enhance, red-eye, features, orientation.
///
///     let filters = try image.autoAdjustmentFilters(options: AutoAdjustmentOptions(redEye: false))
public struct AutoAdjustmentOptions: Sendable {
    /// `kCIImageAutoAdjustEnhance`: white balance, face balance, vibrance, tone (exposure, levels, gamma), shadows.
    public var enhance: Bool
    /// `kCIImageAutoAdjustRedEye`: CIRedEyeCorrection where a face's eye has a red pupil.
    public var redEye: Bool
    /// `kCIImageAutoAdjustFeatures`: faces found earlier. `nil` finds them on demand (when red-eye or face
    /// balance needs them); `[]` says there are none.
    public var features: [FaceFeature]?
    /// `CIDetectorImageOrientation`, for the face detector: how the picture is stored.
    public var orientation: Orientation
    /// When no face is found at `orientation`, look again with the picture a quarter turn each way and upside
    /// down, in that order, and keep the first turn that finds faces: a photo stored sideways with no EXIF
    /// orientation still gets its red eyes and skin looked at. Core Image does not; `false` is its behaviour,
    /// and saves up to three face searches on a picture without faces.
    public var searchesTurnedFaces: Bool
    /// How much of each correction to apply, 0…1 (1: the analysis's values as they are). Live video uses it
    /// to fade corrections in.
    public var amount: Double
    /// The renderer the analysis renders its small views with; `nil` is the CPU renderer.
    public var context: Context?

    public init(
        enhance: Bool = true, redEye: Bool = true, features: [FaceFeature]? = nil, orientation: Orientation = .up,
        searchesTurnedFaces: Bool = true, amount: Double = 1, context: Context? = nil
    ) {
        self.enhance = enhance
        self.redEye = redEye
        self.features = features
        self.orientation = orientation
        self.searchesTurnedFaces = searchesTurnedFaces
        self.amount = amount
        self.context = context
    }
}
