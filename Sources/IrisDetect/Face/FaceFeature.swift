import IrisCore

/// A face: its bounds, where its eyes and mouth are, whether it smiles or blinks, and a tracking ID across
/// video frames. Core Image's `CIFaceFeature`. Positions are in the image coordinates of the input (origin
/// bottom-left), like every feature. "Left eye" is the eye on the left of the upright picture (the person's
/// right eye).
///
///     for case let face as FaceFeature in try Detector(type: .face).features(in: frame) {
///         print(face.bounds, face.hasSmile, face.trackingID ?? -1)
///     }
public struct FaceFeature: Feature, Hashable {
    public var type: DetectorType { .face }
    /// The face box, named as the upright face sees it (the box turns with the image's orientation).
    public var corners: Quadrilateral
    /// Always filled: found by the eye model when `hasLeftEyePosition`, else placed where eyes sit in a face box.
    public var leftEyePosition: Point
    public var rightEyePosition: Point
    /// Found by the mouth (smile) model when `hasMouthPosition`, else the geometric mouth position.
    public var mouthPosition: Point
    public var hasLeftEyePosition: Bool
    public var hasRightEyePosition: Bool
    public var hasMouthPosition: Bool
    /// Only looked for when `FeatureOptions.smile` is set.
    public var hasSmile: Bool
    /// Only looked for when `FeatureOptions.eyeBlink` is set: the eye model sees no open eye there.
    public var leftEyeClosed: Bool
    public var rightEyeClosed: Bool
    /// Set by `FaceTracker`: the same face keeps its ID from frame to frame.
    public var trackingID: Int?
    /// Cascade faces: how many overlapping windows voted for this face; a rough confidence.
    public var neighbors: Int
    /// HOG faces: the template's score above its threshold (higher is surer); nil for cascade faces.
    public var confidence: Double?

    public init(corners: Quadrilateral, leftEyePosition: Point, rightEyePosition: Point, mouthPosition: Point,
                hasLeftEyePosition: Bool = false, hasRightEyePosition: Bool = false, hasMouthPosition: Bool = false,
                hasSmile: Bool = false, leftEyeClosed: Bool = false, rightEyeClosed: Bool = false,
                trackingID: Int? = nil, neighbors: Int = 0, confidence: Double? = nil) {
        self.corners = corners
        self.leftEyePosition = leftEyePosition; self.rightEyePosition = rightEyePosition; self.mouthPosition = mouthPosition
        self.hasLeftEyePosition = hasLeftEyePosition; self.hasRightEyePosition = hasRightEyePosition
        self.hasMouthPosition = hasMouthPosition; self.hasSmile = hasSmile
        self.leftEyeClosed = leftEyeClosed; self.rightEyeClosed = rightEyeClosed
        self.trackingID = trackingID; self.neighbors = neighbors; self.confidence = confidence
    }

    public func applying(_ transform: AffineTransform) -> FaceFeature {
        var face = self
        face.corners = corners.applying(transform)
        face.leftEyePosition = transform.apply(leftEyePosition)
        face.rightEyePosition = transform.apply(rightEyePosition)
        face.mouthPosition = transform.apply(mouthPosition)
        return face
    }
}
