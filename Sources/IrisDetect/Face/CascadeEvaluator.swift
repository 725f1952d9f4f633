/// A cascade compiled for one level's integral tables: every node carries its feature as fixed offsets from
/// a window's top-left corner (tilted features point into the tilted table that follows the upright one),
/// so judging a window is lookups, multiplies and compares in one contiguous array. The arithmetic is
/// OpenCV's (32-bit sums, Float feature values, Double stage sums, the same variance rule), so the same
/// windows pass.
struct CascadeEvaluator: Sendable {
    /// A Haar split: up to three weighted rectangle sums (weight 0 = unused), a threshold and the branches.
    struct HaarNode: Sendable {
        // 32-bit offsets and branches keep a node in about one cache line.
        var o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11: Int32
        var w0, w1, w2, threshold: Float
        var left, right: Int32
    }
    /// An LBP split: the 16 corners of the 3×3 cell grid and where its 256-bit subset starts.
    struct LBPNode: Sendable {
        var corners: [Int]
        var subset: Int
        var left, right: Int
    }

    let model: CascadeModel
    private let haar: [HaarNode]
    private let lbp: [LBPNode]
    private let norm: (Int, Int, Int, Int)
    private let normArea: Double
    /// Haar trees of at most three nodes whose children follow their parent, as in every cascade OpenCV
    /// ships: these can be judged 8 windows at a time (`CascadeBatch`).
    let batchable: Bool

    /// Offsets follow `layout`, the arrangement of the level's integral tables.
    init(model: CascadeModel, layout: IntegralImages.Layout) {
        self.model = model
        typealias Corners = (Int32, Int32, Int32, Int32)
        // Called per node per level, so tuples rather than arrays: no allocation.
        func corners(_ r: CascadeModel.WeightedRect, tilted: Bool) -> Corners {
            let (x, y, w, h) = (r.x, r.y, r.width, r.height)
            let c =
                tilted
                ? (
                    layout.offset(dx: x, dy: y), layout.offset(dx: x - h, dy: y + h),
                    layout.offset(dx: x + w, dy: y + w), layout.offset(dx: x + w - h, dy: y + w + h)
                )
                : (
                    layout.offset(dx: x, dy: y), layout.offset(dx: x + w, dy: y),
                    layout.offset(dx: x, dy: y + h), layout.offset(dx: x + w, dy: y + h)
                )
            let base = tilted ? layout.tiltedOffset : 0
            return (Int32(base + c.0), Int32(base + c.1), Int32(base + c.2), Int32(base + c.3))
        }
        var haar: [HaarNode] = [], lbp: [LBPNode] = []
        haar.reserveCapacity(model.kind == .haar ? model.nodes.count : 0)
        for (n, node) in model.nodes.enumerated() {
            switch model.kind {
            case .haar:
                let feature = model.haarFeatures[node.feature], rects = feature.rects
                let none = CascadeModel.WeightedRect(x: 0, y: 0, width: 0, height: 0, weight: 0)
                let r0 = rects[0], r1 = rects.count > 1 ? rects[1] : none, r2 = rects.count > 2 ? rects[2] : none
                let a = corners(r0, tilted: feature.tilted), b = corners(r1, tilted: feature.tilted)
                // An unused third rectangle reads four zero offsets with weight 0, and is skipped anyway.
                let c = rects.count > 2 ? corners(r2, tilted: feature.tilted) : (0, 0, 0, 0)
                haar.append(
                    HaarNode(
                        o0: a.0, o1: a.1, o2: a.2, o3: a.3, o4: b.0, o5: b.1, o6: b.2, o7: b.3,
                        o8: c.0, o9: c.1, o10: c.2, o11: c.3, w0: r0.weight, w1: r1.weight, w2: r2.weight,
                        threshold: node.threshold, left: Int32(node.left), right: Int32(node.right)))
            case .lbp:
                let c = model.lbpCells[node.feature]
                var grid: [Int] = []
                for row in 0...3 {
                    for column in 0...3 {
                        grid.append(layout.offset(dx: c.x + column * c.width, dy: c.y + row * c.height))
                    }
                }
                lbp.append(LBPNode(corners: grid, subset: n * 8, left: node.left, right: node.right))
            }
        }
        self.haar = haar
        self.lbp = lbp
        batchable =
            model.kind == .haar
            && model.trees.allSatisfy { tree in
                (1...BoundCascade.batchTreeNodes).contains(tree.nodeCount)
                    && (0..<tree.nodeCount).allSatisfy { i in
                        let node = model.nodes[tree.firstNode + i]
                        return [node.left, node.right].allSatisfy { $0 <= 0 || ($0 > i && $0 < tree.nodeCount) }
                    }
            }
        let n = corners(
            CascadeModel.WeightedRect(
                x: 1, y: 1, width: model.windowWidth - 2, height: model.windowHeight - 2, weight: 1), tilted: false)
        norm = (Int(n.0), Int(n.1), Int(n.2), Int(n.3))
        normArea = Double((model.windowWidth - 2) * (model.windowHeight - 2))
    }

    /// Runs `body` with the tables pinned, so the per-window loop pays for no array bookkeeping.
    func withTables<R>(_ body: (BoundCascade) -> R) -> R {
        model.stages.withUnsafeBufferPointer { stages in
            model.trees.withUnsafeBufferPointer { trees in
                model.leaves.withUnsafeBufferPointer { leaves in
                    model.subsets.withUnsafeBufferPointer { subsets in
                        haar.withUnsafeBufferPointer { haar in
                            lbp.withUnsafeBufferPointer { lbp in
                                body(
                                    BoundCascade(
                                        kind: model.kind, stages: stages, trees: trees, leaves: leaves,
                                        subsets: subsets,
                                        haar: haar, lbp: lbp, norm: norm, normArea: normArea, batchable: batchable))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Raw pointers to one level's integral tables (upright sums followed by tilted sums, and squares).
struct IntegralPointers {
    let sum: UnsafePointer<Int32>
    let squares: UnsafePointer<Int32>
}

/// A compiled cascade with its tables pinned (only alive inside `CascadeEvaluator.withTables`).
struct BoundCascade {
    let kind: CascadeModel.FeatureKind
    let stages: UnsafeBufferPointer<CascadeModel.Stage>
    let trees: UnsafeBufferPointer<CascadeModel.Tree>
    let leaves: UnsafeBufferPointer<Float>
    let subsets: UnsafeBufferPointer<Int32>
    let haar: UnsafeBufferPointer<CascadeEvaluator.HaarNode>
    let lbp: UnsafeBufferPointer<CascadeEvaluator.LBPNode>
    let norm: (Int, Int, Int, Int)
    let normArea: Double
    let batchable: Bool

    /// The verdict on the window whose top-left corner is `origin` (an index into the tables): 1 when every
    /// stage passes, 0 when the first stage rejects it, −1 otherwise (OpenCV's scan skips a column after 0).
    @inline(__always)
    func evaluate(at origin: Int, _ tables: IntegralPointers) -> Int {
        let rejected: Int
        if kind == .haar {
            guard let scale = varianceScale(at: origin, tables) else { return -1 }
            rejected = haarStages(at: origin, scale: scale, from: 0, tables)
        } else {
            rejected = lbpStages(at: origin, tables)
        }
        return rejected == stages.count ? 1 : rejected == 0 ? 0 : -1
    }

    /// The factor that normalises feature values by the window's standard deviation; nil for flat windows
    /// (standard deviation ≤ 10 grey levels), which cannot hold a face and which OpenCV skips too.
    @inline(__always)
    func varianceScale(at origin: Int, _ tables: IntegralPointers) -> Float? {
        let p = tables.sum + origin, q = tables.squares + origin
        let valueSum = p[norm.0] &- p[norm.1] &- p[norm.2] &+ p[norm.3]
        let squareSum = UInt32(bitPattern: q[norm.0] &- q[norm.1] &- q[norm.2] &+ q[norm.3])
        let nf = normArea * Double(squareSum) - Double(valueSum) * Double(valueSum)
        guard nf > 0 else { return nil }
        let scale = Float(1 / nf.squareRoot())
        return normArea * Double(scale) < 0.1 ? scale : nil
    }

    /// Runs Haar stages `first...` on one window: the index of the stage that rejects it, or the stage count.
    @inline(__always)
    func haarStages(at origin: Int, scale: Float, from first: Int, _ tables: IntegralPointers) -> Int {
        let p = tables.sum + origin
        return firstRejectingStage(from: first) { node in
            let n = haar[node]
            @inline(__always) func at(_ o: Int32) -> Int32 { p[Int(o)] }
            var v =
                n.w0 * Float(at(n.o0) &- at(n.o1) &- at(n.o2) &+ at(n.o3))
                + n.w1 * Float(at(n.o4) &- at(n.o5) &- at(n.o6) &+ at(n.o7))
            if n.w2 != 0 { v += n.w2 * Float(at(n.o8) &- at(n.o9) &- at(n.o10) &+ at(n.o11)) }
            return Int(v * scale < n.threshold ? n.left : n.right)
        }
    }

    /// Categorical trees on 8-bit local binary patterns: a node's 256-bit subset says which patterns go left.
    @inline(__always)
    private func lbpStages(at origin: Int, _ tables: IntegralPointers) -> Int {
        let p = tables.sum + origin
        return firstRejectingStage(from: 0) { node in
            let n = lbp[node]
            let code = n.corners.withUnsafeBufferPointer { o -> Int in
                @inline(__always) func cell(_ i: Int) -> Int32 { p[o[i]] &- p[o[i + 1]] &- p[o[i + 4]] &+ p[o[i + 5]] }
                let centre = cell(5)
                var code = 0
                if cell(0) >= centre { code |= 128 }
                if cell(1) >= centre { code |= 64 }
                if cell(2) >= centre { code |= 32 }
                if cell(6) >= centre { code |= 16 }
                if cell(10) >= centre { code |= 8 }
                if cell(9) >= centre { code |= 4 }
                if cell(8) >= centre { code |= 2 }
                if cell(4) >= centre { code |= 1 }
                return code
            }
            return subsets[n.subset + (code >> 5)] & (Int32(1) << Int32(code & 31)) != 0 ? n.left : n.right
        }
    }

    /// The boosted cascade's walk, whatever the features: each tree from its root, `next(node)` choosing the
    /// branch (> 0 a node of the same tree, ≤ 0 a leaf), leaf values summed per stage against its threshold.
    /// Returns the index of the stage that rejects the window, or the stage count when all pass.
    @inline(__always)
    private func firstRejectingStage(from first: Int, next: (Int) -> Int) -> Int {
        for si in first..<stages.count {
            let stage = stages[si]
            var sum = 0.0
            for t in stage.firstTree..<stage.firstTree + stage.treeCount {
                let tree = trees[t]
                var index = 0
                repeat { index = next(tree.firstNode + index) } while index > 0
                sum += Double(leaves[tree.firstLeaf - index])
            }
            if sum < Double(stage.threshold) { return si }
        }
        return stages.count
    }
}
