import IrisDetect

/// One detector kind's accuracy and speed on one clip, as `ClipScorer` counts it. Counts are summed over
/// frames; rates are of those sums. A ratio whose denominator is 0 is 1 (nothing to find: nothing missed;
/// nothing reported: nothing wrong); means over nothing are 0, and summaries of nothing are nil.
///
///     let report = scorer.report()
///     print("recall \(report.recall), precision \(report.precision), \(report.msPerFrame) ms/frame")
public struct DetectorReport: Sendable, Equatable, Codable {
    public var kind: DetectorType
    public var frames: Int
    /// Required truth objects (visibility ≥ 0.5; for rectangles, the largest per frame), summed over frames.
    public var truths: Int
    /// Detections of this kind reported, summed over frames, the ignored ones included.
    public var detections: Int
    /// Detections matched to don't-care objects: neither true nor false positives.
    public var ignoredDetections: Int
    public var truePositives: Int
    public var falsePositives: Int
    public var falseNegatives: Int
    /// truePositives ÷ (truePositives + falsePositives).
    public var precision: Double
    /// truePositives ÷ truths.
    public var recall: Double
    /// The mean IoU of the true positives' boxes.
    public var meanIoU: Double
    /// Rectangles and QR codes: how far the matched quads' corners are from the truth.
    public var cornerError: CornerErrorSummary?
    /// QR codes: matched codes whose message equals the truth's exactly ÷ required true codes.
    public var qrDecodeRate: Double?
    /// Barcodes: matched codes whose message equals the truth's exactly ÷ required true codes.
    public var barcodeDecodeRate: Double?
    /// QR codes and barcodes: which required codes were read, as `[frame, truth object ID]` pairs, so two
    /// runs can be compared frame by frame (`tools/qr-motion-accuracy`: the live reads of the codes `.high` reads).
    public var codeReads: [[Int]]?
    /// Faces whose truth has eyes: eye and mouth error ÷ the true eye distance.
    public var landmarkError: LandmarkErrorSummary?
    /// Faces: CLEAR MOT and identity scores over the tracking IDs.
    public var tracking: TrackingReport?
    /// Detection time per frame, from the milliseconds passed with each frame.
    public var msPerFrame: Double

    public init(
        kind: DetectorType, frames: Int, truths: Int, detections: Int, ignoredDetections: Int, truePositives: Int,
        falsePositives: Int, falseNegatives: Int, precision: Double, recall: Double, meanIoU: Double,
        cornerError: CornerErrorSummary? = nil, qrDecodeRate: Double? = nil, landmarkError: LandmarkErrorSummary? = nil,
        tracking: TrackingReport? = nil, msPerFrame: Double, barcodeDecodeRate: Double? = nil,
        codeReads: [[Int]]? = nil
    ) {
        self.kind = kind
        self.frames = frames
        self.truths = truths
        self.detections = detections
        self.ignoredDetections = ignoredDetections
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.precision = precision
        self.recall = recall
        self.meanIoU = meanIoU
        self.cornerError = cornerError
        self.qrDecodeRate = qrDecodeRate
        self.landmarkError = landmarkError
        self.tracking = tracking
        self.msPerFrame = msPerFrame
        self.barcodeDecodeRate = barcodeDecodeRate
        self.codeReads = codeReads
    }
}
