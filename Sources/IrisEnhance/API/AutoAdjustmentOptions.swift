import IrisCore
import IrisDetect

/// What `Image.autoAdjustmentFilters(options:)` may change and what it may use. Core Image's
/// `kCIImageAutoAdjust…` keys: enhance, red-eye, features, orientation.
///
///     let filters = try image.autoAdjustmentFilters(options: AutoAdjustmentOptions(redEye: false))
public struct AutoAdjustmentOptions: Sendable {
    /// `kCIImageAutoAdjustEnhance`: white balance, face balance, vibrance, tone curve, shadows.
    public var enhance: Bool
    /// `kCIImageAutoAdjustRedEye`: CIRedEyeCorrection where a face's eye has a red pupil.
    public var redEye: Bool
    /// `kCIImageAutoAdjustFeatures`: faces found earlier. `nil` finds them on demand (when red-eye or face
    /// balance needs them); `[]` says there are none.
    public var features: [FaceFeature]?
    /// `CIDetectorImageOrientation`, for the face detector: how the picture is stored.
    public var orientation: Orientation
    /// How much of each correction to apply, 0…1 (1: the analysis's values as they are). Live video uses it
    /// to fade corrections in.
    public var amount: Double
    /// The renderer the analysis renders its small views with; `nil` is the CPU renderer.
    public var context: Context?

    public init(
        enhance: Bool = true, redEye: Bool = true, features: [FaceFeature]? = nil, orientation: Orientation = .up,
        amount: Double = 1, context: Context? = nil
    ) {
        self.enhance = enhance
        self.redEye = redEye
        self.features = features
        self.orientation = orientation
        self.amount = amount
        self.context = context
    }
}
