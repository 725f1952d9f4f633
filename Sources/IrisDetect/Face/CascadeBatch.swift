/// Haar cascades judged 8 windows at a time. The integral tables are laid out so that 8 windows one step
/// apart sit at consecutive addresses (`IntegralImages.Layout`), so each rectangle corner is one vector load
/// for all 8, and a tree's branches become vector selects instead of unpredictable jumps. Lanes stay in the
/// vector until all 8 windows have failed: measured on dlib's faces, finishing the last few windows one by
/// one, or gathering survivors of a row into full vectors, were both slower than carrying dead lanes.
/// Every lane does OpenCV's arithmetic in OpenCV's order, so the verdicts equal `evaluate(at:_:)`'s.
extension BoundCascade {
    typealias Lanes = SIMD8<Int32>
    typealias LaneValues = SIMD8<Float>
    typealias LaneMask = SIMDMask<SIMD8<Int32>>

    static let laneCount = 8
    /// The deepest tree the vector path handles (OpenCV's shipped cascades have 1 to 3 nodes per tree).
    static let batchTreeNodes = 3

    /// Judges the windows at `origin ..< origin + count` (`count` ≤ 8, consecutive in the layout, in scan
    /// order) and returns a bit per accepted window. Follows OpenCV's scan: a window rejected by the first
    /// stage makes the scan skip the next one, carried across calls in `skipNext`.
    @inline(__always)
    func acceptedLanes(from origin: Int, count: Int, skipNext: inout Bool, _ tables: IntegralPointers) -> UInt8 {
        let p = tables.sum + origin
        // Flat windows' lanes hold meaningless factors; they never become alive.
        let (scales, valid) = varianceScales(at: origin, tables)
        var alive = valid & UInt8(truncatingIfNeeded: (1 << count) - 1)
        guard alive != 0 else {
            skipNext = false
            return 0
        }
        let firstPasses = Self.bits(stageSum(0, p, scales) .>= Double(stages[0].threshold))
        // OpenCV's scan order: a skipped window is never judged, so it cannot make the scan skip again.
        var evaluated: UInt8 = 0
        for lane in 0..<count {
            if skipNext {
                skipNext = false
                alive &= ~(1 << lane)
                continue
            }
            guard alive & (1 << lane) != 0 else { continue }
            evaluated |= 1 << lane
            if firstPasses & (1 << lane) == 0 { skipNext = true }
        }
        alive = evaluated & firstPasses
        var stage = 1
        while stage < stages.count && alive != 0 {
            let sums = stageSum(stage, p, scales)
            alive &= Self.bits(sums .>= Double(stages[stage].threshold))
            stage += 1
        }
        return alive
    }

    /// `varianceScale(at:_:)` for 8 windows: the factors and which windows are not flat.
    @inline(__always)
    private func varianceScales(at origin: Int, _ tables: IntegralPointers) -> (LaneValues, UInt8) {
        let p = tables.sum + origin, q = tables.squares + origin
        let valueSum = SIMD8<Double>(Self.rectangle(p, Int32(norm.0), Int32(norm.1), Int32(norm.2), Int32(norm.3)))
        let squareSum = SIMD8<Double>(
            SIMD8<UInt32>(
                truncatingIfNeeded: Self.rectangle(q, Int32(norm.0), Int32(norm.1), Int32(norm.2), Int32(norm.3))))
        let nf = normArea * squareSum - valueSum * valueSum
        let scale = LaneValues(1 / nf.squareRoot())
        let usable = (normArea * SIMD8<Double>(scale) .< 0.1) .& (nf .> 0)
        return (scale, Self.bits(usable))
    }

    /// The leaf sum of stage `index` for 8 windows.
    @inline(__always)
    private func stageSum(_ index: Int, _ p: UnsafePointer<Int32>, _ scales: LaneValues) -> SIMD8<Double> {
        let stage = stages[index]
        var sum = SIMD8<Double>()
        for t in stage.firstTree..<stage.firstTree + stage.treeCount {
            sum += SIMD8<Double>(treeValue(trees[t], p, scales))
        }
        return sum
    }

    /// Every node of the tree is judged for all lanes, then leaves are chosen bottom-up by selects
    /// (children follow their parent, so a child's choice is ready when its parent needs it).
    @inline(__always)
    private func treeValue(_ tree: CascadeModel.Tree, _ p: UnsafePointer<Int32>, _ scales: LaneValues) -> LaneValues {
        var second = LaneValues(), third = LaneValues()
        var i = tree.nodeCount - 1
        while true {
            let node = haar[tree.firstNode + i]
            @inline(__always) func branch(_ next: Int32) -> LaneValues {
                next > 0 ? (next == 1 ? second : third) : LaneValues(repeating: leaves[tree.firstLeaf - Int(next)])
            }
            let chosen = branch(node.right).replacing(with: branch(node.left), where: goesLeft(node, p, scales))
            switch i {
            case 0: return chosen
            case 1: second = chosen
            default: third = chosen
            }
            i -= 1
        }
    }

    @inline(__always)
    private func goesLeft(_ n: CascadeEvaluator.HaarNode, _ p: UnsafePointer<Int32>, _ scales: LaneValues) -> LaneMask {
        var v =
            n.w0 * LaneValues(Self.rectangle(p, n.o0, n.o1, n.o2, n.o3)) + n.w1
            * LaneValues(Self.rectangle(p, n.o4, n.o5, n.o6, n.o7))
        if n.w2 != 0 { v += n.w2 * LaneValues(Self.rectangle(p, n.o8, n.o9, n.o10, n.o11)) }
        return v * scales .< n.threshold
    }

    /// One rectangle's sum for 8 consecutive windows: four vector loads.
    @inline(__always)
    private static func rectangle(_ p: UnsafePointer<Int32>, _ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> Lanes {
        @inline(__always) func load(_ o: Int32) -> Lanes { UnsafeRawPointer(p + Int(o)).loadUnaligned(as: Lanes.self) }
        return load(a) &- load(b) &- load(c) &+ load(d)
    }

    /// A mask of comparisons on Double lanes as one bit per lane.
    @inline(__always)
    private static func bits(_ mask: SIMDMask<SIMD8<Int64>>) -> UInt8 {
        UInt8(
            truncatingIfNeeded: SIMD8<Int64>(repeating: 0).replacing(
                with: SIMD8<Int64>(1, 2, 4, 8, 16, 32, 64, 128), where: mask
            ).wrappedSum())
    }
}
