import IrisCore

/// Pairs truth boxes with detected boxes one to one: as many pairs at IoU ≥ the threshold as can be made,
/// and among those pairings the one with the largest total IoU (an optimal assignment, not a greedy one).
///
///     BoxMatching.pairs(truths: [a, b], detections: [d], threshold: 0.5)   // at most one pair
public enum BoxMatching {
    /// A truth box and a detected box paired, by their indices, with their intersection over union.
    public struct Pair: Sendable, Equatable {
        public var truth: Int
        public var detection: Int
        public var iou: Double
        public init(truth: Int, detection: Int, iou: Double) {
            self.truth = truth
            self.detection = detection
            self.iou = iou
        }
    }

    public static func pairs(truths: [Rect], detections: [Rect], threshold: Double) -> [Pair] {
        guard !truths.isEmpty, !detections.isEmpty else { return [] }
        let overlaps = truths.map { truth in detections.map { truth.intersectionOverUnion($0) } }
        // Each pair is worth more than every IoU together can add, so one pair more always wins; the IoU
        // then breaks ties between pairings of the same size.
        let pairBonus = Double(min(truths.count, detections.count) + 1)
        let weights = overlaps.map { row in row.map { $0 >= threshold && $0 > 0 ? pairBonus + $0 : 0 } }
        return OptimalAssignment.pairs(weights: weights).map {
            Pair(truth: $0.row, detection: $0.column, iou: overlaps[$0.row][$0.column])
        }
    }
}
