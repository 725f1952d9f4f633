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

    /// `stride` is the tables' row length; `tiltedOffset` where the tilted table starts in the same array.
    init(model: CascadeModel, stride: Int, tiltedOffset: Int) {
        self.model = model
        func corners(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [Int] {
            [y * stride + x, y * stride + x + w, (y + h) * stride + x, (y + h) * stride + x + w]
        }
        func tiltedCorners(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [Int] {
            [y * stride + x, (y + h) * stride + x - h, (y + w) * stride + x + w, (y + w + h) * stride + x + w - h]
                .map { $0 + tiltedOffset }
        }
        var haar: [HaarNode] = [], lbp: [LBPNode] = []
        for (n, node) in model.nodes.enumerated() {
            switch model.kind {
            case .haar:
                let feature = model.haarFeatures[node.feature]
                var o = [Int32](repeating: 0, count: 12), w: [Float] = [0, 0, 0]
                for (k, r) in feature.rects.prefix(3).enumerated() {
                    let c = feature.tilted ? tiltedCorners(r.x, r.y, r.width, r.height) : corners(r.x, r.y, r.width, r.height)
                    for i in 0..<4 { o[k * 4 + i] = Int32(truncatingIfNeeded: c[i]) }
                    w[k] = r.weight
                }
                haar.append(HaarNode(o0: o[0], o1: o[1], o2: o[2], o3: o[3], o4: o[4], o5: o[5], o6: o[6], o7: o[7],
                                     o8: o[8], o9: o[9], o10: o[10], o11: o[11], w0: w[0], w1: w[1], w2: w[2],
                                     threshold: node.threshold, left: Int32(node.left), right: Int32(node.right)))
            case .lbp:
                let c = model.lbpCells[node.feature]
                var grid: [Int] = []
                for row in 0...3 { for column in 0...3 { grid.append((c.y + row * c.height) * stride + c.x + column * c.width) } }
                lbp.append(LBPNode(corners: grid, subset: n * 8, left: node.left, right: node.right))
            }
        }
        self.haar = haar; self.lbp = lbp
        let n = corners(1, 1, model.windowWidth - 2, model.windowHeight - 2)
        norm = (n[0], n[1], n[2], n[3])
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
            body(BoundCascade(kind: model.kind, stages: stages, trees: trees, leaves: leaves, subsets: subsets,
                              haar: haar, lbp: lbp, norm: norm, normArea: normArea))
        } } } } } }
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

    /// The verdict on the window whose top-left corner is `origin` (an index into the tables): 1 when every
    /// stage passes, 0 when the first stage rejects it, −1 otherwise (OpenCV's scan skips a column after 0).
    @inline(__always)
    func evaluate(at origin: Int, _ tables: IntegralPointers) -> Int {
        kind == .haar ? evaluateHaar(at: origin, tables) : evaluateLBP(at: origin, tables)
    }

    @inline(__always)
    private func evaluateHaar(at origin: Int, _ tables: IntegralPointers) -> Int {
        let p = tables.sum + origin, q = tables.squares + origin
        let valueSum = p[norm.0] &- p[norm.1] &- p[norm.2] &+ p[norm.3]
        let squareSum = UInt32(bitPattern: q[norm.0] &- q[norm.1] &- q[norm.2] &+ q[norm.3])
        var nf = normArea * Double(squareSum) - Double(valueSum) * Double(valueSum)
        // Flat windows (standard deviation ≤ 10 grey levels) cannot hold a face; OpenCV skips them too.
        guard nf > 0 else { return -1 }
        nf = nf.squareRoot()
        let scale = Float(1 / nf)
        guard normArea * Double(scale) < 0.1 else { return -1 }
        for si in 0..<stages.count {
            let stage = stages[si]
            var sum = 0.0
            for t in stage.firstTree ..< stage.firstTree + stage.treeCount {
                let tree = trees[t]
                var index = 0
                repeat {
                    let n = haar[tree.firstNode + index]
                    @inline(__always) func at(_ o: Int32) -> Int32 { p[Int(o)] }
                    var v = n.w0 * Float(at(n.o0) &- at(n.o1) &- at(n.o2) &+ at(n.o3))
                        + n.w1 * Float(at(n.o4) &- at(n.o5) &- at(n.o6) &+ at(n.o7))
                    if n.w2 != 0 { v += n.w2 * Float(at(n.o8) &- at(n.o9) &- at(n.o10) &+ at(n.o11)) }
                    index = Int(v * scale < n.threshold ? n.left : n.right)
                } while index > 0
                sum += Double(leaves[tree.firstLeaf - index])
            }
            if sum < Double(stage.threshold) { return si == 0 ? 0 : -1 }
        }
        return 1
    }

    /// Categorical trees on 8-bit local binary patterns: a node's 256-bit subset says which patterns go left.
    @inline(__always)
    private func evaluateLBP(at origin: Int, _ tables: IntegralPointers) -> Int {
        let p = tables.sum + origin
        for si in 0..<stages.count {
            let stage = stages[si]
            var sum = 0.0
            for t in stage.firstTree ..< stage.firstTree + stage.treeCount {
                let tree = trees[t]
                var index = 0
                repeat {
                    let n = lbp[tree.firstNode + index]
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
                    index = subsets[n.subset + (code >> 5)] & (Int32(1) << Int32(code & 31)) != 0 ? n.left : n.right
                } while index > 0
                sum += Double(leaves[tree.firstLeaf - index])
            }
            if sum < Double(stage.threshold) { return si == 0 ? 0 : -1 }
        }
        return 1
    }
}
