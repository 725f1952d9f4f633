import IrisCore
import IrisDetect

/// What a detector reported in one frame, reduced to what scoring needs. Coordinates are Core Image's
/// (pixels, origin bottom-left), like the truth's.
///
///     let detections = try detector.features(in: frame).map(Detection.init)
public struct Detection: Sendable, Equatable {
    public var kind: DetectorType
    /// The face box, or the corners' bounding box: what IoU is measured on.
    public var bounds: Rect
    /// Rectangles and QR codes: what corner error is measured on.
    public var corners: Quadrilateral?
    /// QR codes and barcodes: the decoded text.
    public var message: String?
    /// Faces from `FaceTracker`: the same face keeps its ID. Nil: the detection is a trajectory of its own.
    public var trackingID: Int?
    /// Faces: "left" is the eye on the picture's left, as in `FaceFeature` and the truth.
    public var leftEye: Point?
    public var rightEye: Point?
    public var mouth: Point?

    public init(
        kind: DetectorType, bounds: Rect, corners: Quadrilateral? = nil, message: String? = nil,
        trackingID: Int? = nil, leftEye: Point? = nil, rightEye: Point? = nil, mouth: Point? = nil
    ) {
        self.kind = kind
        self.bounds = bounds
        self.corners = corners
        self.message = message
        self.trackingID = trackingID
        self.leftEye = leftEye
        self.rightEye = rightEye
        self.mouth = mouth
    }

    /// What a detector found, of any kind.
    public init(_ feature: DetectedFeature) {
        self.init(kind: feature.type, bounds: feature.bounds, corners: feature.corners)
        switch feature {
        case .face(let face):
            trackingID = face.trackingID
            leftEye = face.leftEyePosition
            rightEye = face.rightEyePosition
            mouth = face.mouthPosition
        case .qrCode(let code):
            message = code.messageString
        case .barcode(let code):
            message = code.messageString
        case .rectangle:
            break
        }
    }
}
