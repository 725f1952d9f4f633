/// A boosted cascade of weak classifiers in OpenCV's format, flattened into arrays so that evaluating a
/// window touches a few contiguous tables. Loaded from OpenCV's XML files (`CascadeModel(contentsOf:)`),
/// both the current `opencv-cascade-classifier` layout and the old `opencv-haar-classifier` one.
///
///     let model = try CascadeModel(contentsOf: "/usr/share/opencv4/haarcascades/haarcascade_frontalface_alt2.xml")
public struct CascadeModel: Sendable {
    /// What the weak classifiers look at: Haar-like rectangle sums or local binary patterns.
    public enum FeatureKind: String, Sendable { case haar, lbp }

    /// One stage: trees `firstTree ..< firstTree + treeCount`, passed when their leaf sum reaches `threshold`.
    struct Stage: Sendable {
        var threshold: Float
        var firstTree: Int
        var treeCount: Int
    }
    /// One tree: nodes from `firstNode`, leaves from `firstLeaf` (a tree of n nodes has n + 1 leaves).
    struct Tree: Sendable {
        var firstNode: Int
        var nodeCount: Int
        var firstLeaf: Int
    }
    /// A split. `left`/`right` > 0 name a node of the same tree; ≤ 0 name leaf `-value`, as in OpenCV.
    struct Node: Sendable {
        var feature: Int
        var threshold: Float
        var left: Int
        var right: Int
    }
    /// A rectangle of a Haar feature in window pixels, with its weight.
    struct WeightedRect: Sendable {
        var x, y, width, height: Int
        var weight: Float
    }
    /// Two or three weighted rectangles, upright or rotated by 45° (`tilted`).
    struct HaarFeature: Sendable {
        var rects: [WeightedRect]
        var tilted: Bool
    }
    /// The top-left cell of an LBP feature's 3×3 grid of equal cells.
    struct LBPCell: Sendable { var x, y, width, height: Int }

    public let kind: FeatureKind
    /// The training window, the smallest object the cascade can see.
    public let windowWidth: Int
    public let windowHeight: Int
    let stages: [Stage]
    let trees: [Tree]
    let nodes: [Node]
    let leaves: [Float]
    /// LBP only: 8 words (256 bits) per node; a set bit sends the pattern left.
    let subsets: [Int32]
    let haarFeatures: [HaarFeature]
    let lbpCells: [LBPCell]

    /// Stage thresholds are lowered by this much, as OpenCV does, so rounding never rejects a borderline window.
    static let thresholdEpsilon: Float = 1e-5

    var usesTiltedFeatures: Bool { haarFeatures.contains { $0.tilted } }
    var stageCount: Int { stages.count }
}
