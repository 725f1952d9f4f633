import IrisDetect

/// Scores one detector kind over one clip: feed it each frame's truth and detections in order, then ask
/// for the report. Frames are matched by `FrameMatcher` (its rules: optimal one-to-one pairs at IoU ≥ 0.5,
/// don't-care objects under visibility 0.5, only the largest rectangle required); the extra measures follow
/// from the matched pairs:
///
/// - corner error (rectangles, QR codes): `CornerError` of each matched pair, ÷ the true diagonal and in px;
/// - decode rate (QR codes, barcodes): matched codes whose message equals the truth's ÷ required true codes;
/// - landmark error (faces whose truth has both eyes): `LandmarkError` of each matched pair;
/// - tracking (faces): `TrackingScorer` over the required faces and the detections not excused by a
///   don't-care object.
///
///     var scorer = ClipScorer(kind: .qrCode)
///     for (truth, found, ms) in frames { scorer.add(truth: truth, detections: found, milliseconds: ms) }
///     let report = scorer.report()
public struct ClipScorer: Sendable {
    public let kind: DetectorType
    public let iouThreshold: Double
    private let matcher: FrameMatcher

    private var frames = 0, truths = 0, detections = 0, ignored = 0
    private var truePositives = 0, falsePositives = 0, falseNegatives = 0
    private var matchedIoU = 0.0
    private var relativeCornerErrors: [Double] = [], pixelCornerErrors: [Double] = []
    private var decoded = 0
    private var reads: [[Int]] = []
    private var eyeErrors: [Double] = [], mouthErrors: [Double] = []
    private var tracking: TrackingScorer?
    private var milliseconds = 0.0

    public init(kind: DetectorType, iouThreshold: Double = 0.5) {
        self.kind = kind
        self.iouThreshold = iouThreshold
        matcher = FrameMatcher(kind: kind, iouThreshold: iouThreshold)
        tracking = kind == .face ? TrackingScorer(iouThreshold: iouThreshold) : nil
    }

    /// Adds the next frame; returns how it was matched (for listing misses and false positives).
    /// Truth objects and detections of other kinds are passed over.
    @discardableResult
    public mutating func add(truth: FrameTruth, detections found: [Detection], milliseconds: Double) -> FrameMatch {
        let match = matcher.match(truth: truth, detections: found)
        frames += 1
        self.milliseconds += milliseconds
        truths += match.required.count
        detections += found.count { $0.kind == kind }
        ignored += match.ignored.count
        truePositives += match.matched.count
        falsePositives += match.falsePositives.count
        falseNegatives += match.missed.count
        for pair in match.matched {
            let object = truth.objects[pair.truth], detection = found[pair.detection]
            matchedIoU += pair.iou
            if let trueQuad = object.corners, let quad = detection.corners, kind != .face {
                relativeCornerErrors.append(CornerError.relative(found: quad, truth: trueQuad))
                pixelCornerErrors.append(CornerError.pixels(found: quad, truth: trueQuad))
            }
            if kind == .qrCode || kind == .barcode, let message = detection.message, message == object.message {
                decoded += 1
                reads.append([truth.frame, object.id])
            }
            if let trueLeft = object.leftEye, let trueRight = object.rightEye, let left = detection.leftEye,
                let right = detection.rightEye,
                let eyes = LandmarkError.eyes(left: left, right: right, trueLeft: trueLeft, trueRight: trueRight)
            {
                eyeErrors.append(eyes)
                if let trueMouth = object.mouth, let mouth = detection.mouth,
                    let error = LandmarkError.mouth(
                        mouth, trueMouth: trueMouth, trueLeft: trueLeft, trueRight: trueRight)
                {
                    mouthErrors.append(error)
                }
            }
        }
        if tracking != nil {
            let excused = Set(match.ignored.map(\.detection))
            tracking?.add(
                truths: match.required.map { truth.objects[$0] },
                detections: found.indices.filter { found[$0].kind == kind && !excused.contains($0) }.map { found[$0] })
        }
        return match
    }

    public func report() -> DetectorReport {
        DetectorReport(
            kind: kind, frames: frames, truths: truths, detections: detections, ignoredDetections: ignored,
            truePositives: truePositives, falsePositives: falsePositives, falseNegatives: falseNegatives,
            precision: ErrorStatistics.ratio(truePositives, truePositives + falsePositives),
            recall: ErrorStatistics.ratio(truePositives, truths),
            meanIoU: truePositives == 0 ? 0 : matchedIoU / Double(truePositives),
            cornerError: CornerErrorSummary(relative: relativeCornerErrors, pixels: pixelCornerErrors),
            qrDecodeRate: kind == .qrCode ? ErrorStatistics.ratio(decoded, truths) : nil,
            landmarkError: kind == .face ? LandmarkErrorSummary(eyes: eyeErrors, mouths: mouthErrors) : nil,
            tracking: tracking?.report(),
            msPerFrame: frames == 0 ? 0 : milliseconds / Double(frames),
            barcodeDecodeRate: kind == .barcode ? ErrorStatistics.ratio(decoded, truths) : nil,
            codeReads: kind == .qrCode || kind == .barcode ? reads : nil)
    }
}
