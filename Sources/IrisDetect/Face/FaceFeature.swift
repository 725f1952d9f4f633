import Foundation
import IrisCore

/// A face: its bounds, where its eyes and mouth are, whether it smiles or blinks, and a tracking ID across
/// video frames. Core Image's `CIFaceFeature`. Positions are in the image coordinates of the input (origin
/// bottom-left), like every feature. "Left eye" is the eye on the left of the upright picture (the person's
/// right eye).
///
///     for face in try Detector(type: .face).features(in: frame).faces {
///         print(face.bounds, face.hasSmile, face.trackingID ?? -1)
///     }
public struct FaceFeature: Feature, Hashable {
    public var type: DetectorType { .face }
    /// The face box, named as the upright face sees it (the box turns with the image's orientation).
    public var corners: Quadrilateral
    /// Always filled: the eye's centre from the landmark model (or the eye cascade) when `hasLeftEyePosition`,
    /// else placed where eyes sit in a face box.
    public var leftEyePosition: Point
    public var rightEyePosition: Point
    /// The centre of the lips when `hasMouthPosition`, else the geometric mouth position.
    public var mouthPosition: Point
    public var hasLeftEyePosition: Bool
    public var hasRightEyePosition: Bool
    public var hasMouthPosition: Bool
    /// Only looked for when `FeatureOptions.smile` is set (`smileChecked`): decided by the emotion model,
    /// else from the lips' shape (`FaceExpression`). False also means "not looked for", as in Core Image.
    public var hasSmile: Bool
    /// How likely the face smiles, 0…1: the emotion model's probability of "happy", when smile was asked and
    /// the model ran; `hasSmile` is `smileScore >= 0.5` then. Nil otherwise.
    public var smileScore: Double?
    /// Whether `hasSmile` was decided for this face (smile asked, and the landmarks trusted).
    public var smileChecked: Bool
    /// Only looked for when `FeatureOptions.eyeBlink` is set (`eyeBlinkChecked`): the lids of the eye on the
    /// picture's left (right) nearly meet (`FaceExpression`); with the cascade fallback, the eye model sees no open
    /// eye.
    public var leftEyeClosed: Bool
    public var rightEyeClosed: Bool
    /// Whether `leftEyeClosed` and `rightEyeClosed` were decided for this face.
    public var eyeBlinkChecked: Bool
    /// The face's turn in the picture's plane, in degrees counter-clockwise (0: the eyes are level), as
    /// Core Image's `faceAngle`; set from the landmarks when `hasFaceAngle`.
    public var faceAngle: Double
    public var hasFaceAngle: Bool
    /// The landmark model's 468 points, when it ran (`FaceOptions.landmarkModel == .mesh`).
    public var mesh: FaceMesh?
    /// The measures smile and blink were read from, when the landmark model ran and trusted its points.
    public var expression: FaceExpression?
    /// Set by `FaceTracker`: the same face keeps its ID from frame to frame.
    public var trackingID: Int?
    /// Cascade faces: how many overlapping windows voted for this face; a rough confidence.
    public var neighbors: Int
    /// HOG faces: the template's score above its threshold (higher is surer); nil for cascade faces.
    public var confidence: Double?

    public init(
        corners: Quadrilateral, leftEyePosition: Point, rightEyePosition: Point, mouthPosition: Point,
        hasLeftEyePosition: Bool = false, hasRightEyePosition: Bool = false, hasMouthPosition: Bool = false,
        hasSmile: Bool = false, leftEyeClosed: Bool = false, rightEyeClosed: Bool = false,
        trackingID: Int? = nil, neighbors: Int = 0, confidence: Double? = nil,
        faceAngle: Double = 0, hasFaceAngle: Bool = false, mesh: FaceMesh? = nil
    ) {
        self.corners = corners
        self.leftEyePosition = leftEyePosition
        self.rightEyePosition = rightEyePosition
        self.mouthPosition = mouthPosition
        self.hasLeftEyePosition = hasLeftEyePosition
        self.hasRightEyePosition = hasRightEyePosition
        self.hasMouthPosition = hasMouthPosition
        self.hasSmile = hasSmile
        self.smileChecked = false
        self.eyeBlinkChecked = false
        self.leftEyeClosed = leftEyeClosed
        self.rightEyeClosed = rightEyeClosed
        self.trackingID = trackingID
        self.neighbors = neighbors
        self.confidence = confidence
        self.faceAngle = faceAngle
        self.hasFaceAngle = hasFaceAngle
        self.mesh = mesh
    }

    public func applying(_ transform: IrisCore.AffineTransform) -> FaceFeature {
        var face = self
        face.corners = corners.applying(transform)
        face.leftEyePosition = transform.apply(leftEyePosition)
        face.rightEyePosition = transform.apply(rightEyePosition)
        face.mouthPosition = transform.apply(mouthPosition)
        face.mesh = mesh?.applying(transform)
        // The angle turns with the picture: carry the direction it names through the transform's linear part.
        let radians = faceAngle * .pi / 180
        let dx = cos(radians), dy = sin(radians)
        face.faceAngle = atan2(transform.b * dx + transform.d * dy, transform.a * dx + transform.c * dy) * 180 / .pi
        return face
    }
}
