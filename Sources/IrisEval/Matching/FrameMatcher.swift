import IrisCore
import IrisDetect

/// Matches one frame's detections of one kind to its truth, with the scoring rules every report uses:
///
/// - Pairs are one to one, chosen optimally (`BoxMatching`): the most pairs at IoU ≥ `iouThreshold` (0.5)
///   of the axis-aligned boxes, then the largest total IoU.
/// - Truth objects with visibility < 0.5 are "don't care" (as in the MOT benchmark). Required objects are
///   matched first; a detection left over that matches a don't-care object is ignored, neither a true nor a
///   false positive, and an unmatched don't-care object is not a miss.
/// - Rectangles: Core Image's rectangle detector reports the one dominant quad, so only the largest required
///   true rectangle in a frame (by the area of its quad) is required; the others are don't care.
///
/// Indices in the result refer to the arrays passed in (`truth.objects`, `detections`); objects and
/// detections of other kinds appear nowhere in it.
///
///     let match = FrameMatcher(kind: .face).match(truth: frameTruth, detections: detections)
public struct FrameMatcher: Sendable {
    /// Objects less visible than this are don't care.
    public static let requiredVisibility = 0.5

    public var kind: DetectorType
    public var iouThreshold: Double

    public init(kind: DetectorType, iouThreshold: Double = 0.5) {
        self.kind = kind
        self.iouThreshold = iouThreshold
    }

    public func match(truth: FrameTruth, detections: [Detection]) -> FrameMatch {
        let (required, dontCare) = split(truth.objects)
        let mine = detections.indices.filter { detections[$0].kind == kind }
        let found = BoxMatching.pairs(
            truths: required.map { truth.objects[$0].box },
            detections: mine.map { detections[$0].bounds }, threshold: iouThreshold)
        let matched = found.map {
            FrameMatch.Pair(truth: required[$0.truth], detection: mine[$0.detection], iou: $0.iou)
        }
        let used = Set(matched.map(\.detection)), foundTruths = Set(matched.map(\.truth))
        let leftOver = mine.filter { !used.contains($0) }
        let excused = BoxMatching.pairs(
            truths: dontCare.map { truth.objects[$0].box },
            detections: leftOver.map { detections[$0].bounds }, threshold: iouThreshold)
        let ignored = excused.map {
            FrameMatch.Pair(truth: dontCare[$0.truth], detection: leftOver[$0.detection], iou: $0.iou)
        }
        let ignoredDetections = Set(ignored.map(\.detection))
        return FrameMatch(
            required: required, dontCare: dontCare, matched: matched,
            missed: required.filter { !foundTruths.contains($0) },
            falsePositives: leftOver.filter { !ignoredDetections.contains($0) },
            ignored: ignored)
    }

    /// Indices of the required and the don't-care objects of this kind.
    private func split(_ objects: [TruthObject]) -> (required: [Int], dontCare: [Int]) {
        let mine = objects.indices.filter { objects[$0].kind == kind }
        var required = mine.filter { objects[$0].visibility >= Self.requiredVisibility }
        if kind == .rectangle, let largest = required.max(by: { area(objects[$0]) < area(objects[$1]) }) {
            required = [largest]
        }
        let kept = Set(required)
        return (required, mine.filter { !kept.contains($0) })
    }

    private func area(_ object: TruthObject) -> Double {
        guard let quad = object.corners else { return object.box.width * object.box.height }
        let p = quad.points
        // The shoelace formula; corners in drawing order make a simple polygon.
        let twice = (0..<4).reduce(0.0) { sum, k in sum + p[k].x * p[(k + 1) % 4].y - p[(k + 1) % 4].x * p[k].y }
        return abs(twice) / 2
    }
}

/// One frame scored: which required objects were found (and by which detection, at what IoU), which were
/// missed, which detections were false and which were excused by a don't-care object.
public struct FrameMatch: Sendable, Equatable {
    /// A truth (an index into the frame's `objects`) matched with a detection, and their IoU.
    public typealias Pair = BoxMatching.Pair

    /// The objects that had to be found.
    public var required: [Int]
    public var dontCare: [Int]
    /// True positives.
    public var matched: [Pair]
    /// False negatives: required objects no detection matched.
    public var missed: [Int]
    /// Detections that match nothing.
    public var falsePositives: [Int]
    /// Detections matched to don't-care objects: not counted either way.
    public var ignored: [Pair]

    public init(
        required: [Int], dontCare: [Int], matched: [Pair], missed: [Int], falsePositives: [Int], ignored: [Pair]
    ) {
        self.required = required
        self.dontCare = dontCare
        self.matched = matched
        self.missed = missed
        self.falsePositives = falsePositives
        self.ignored = ignored
    }
}
