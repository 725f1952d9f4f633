import Dispatch
import Synchronization

/// The multi-scale sliding-window search of OpenCV's `detectMultiScale`: the picture is shrunk by
/// `scaleFactor` per level while the window stays the cascade's size, every level gets its own integral
/// images, and windows step 2 pixels (1 from scale 2 up). Levels, then row bands, are spread over the cores.
struct CascadeScanner: Sendable {
    let model: CascadeModel
    /// Growth of the window per level (OpenCV's scaleFactor, > 1).
    var scaleFactor = 1.1
    /// The smallest and largest object, in pixels of the input; nil takes the window size and the image size.
    var minimumSize: Int?
    var maximumSize: Int?
    /// Multiplies OpenCV's window step (1 = OpenCV): `.low` accuracy trades coverage for speed.
    var stepMultiplier = 1
    /// Judge 8 windows at a time where the cascade allows (`CascadeBatch`); off: one at a time, the reference
    /// the vector path must agree with.
    var vectorized = true
    /// Run on one thread (for small searches inside faces, where fan-out costs more than it saves).
    var singleThreaded = false

    /// One pyramid level: its scale and size.
    struct Level: Sendable {
        var scale: Float
        var width: Int
        var height: Int
        /// OpenCV's window step at this level (2 pixels below scale 2, else 1), times `multiplier`.
        func step(multiplier: Int) -> Int { (scale >= 2 ? 1 : 2) * multiplier }
    }

    /// The levels OpenCV would scan for a `width` × `height` picture.
    func levels(width: Int, height: Int) -> [Level] {
        var out: [Level] = []
        var factor = 1.0
        let maxW = min(maximumSize ?? width, width), maxH = min(maximumSize ?? height, height)
        while out.count < 1000 {
            defer { factor *= scaleFactor }
            let winW = Int((Double(model.windowWidth) * factor).rounded(.toNearestOrEven))
            let winH = Int((Double(model.windowHeight) * factor).rounded(.toNearestOrEven))
            if winW > maxW || winH > maxH { break }
            if winW < (minimumSize ?? 0) || winH < (minimumSize ?? 0) { continue }
            let scale = Float(factor)
            let w = Int((Float(width) / scale).rounded(.toNearestOrEven)),
                h = Int((Float(height) / scale).rounded(.toNearestOrEven))
            if w < model.windowWidth || h < model.windowHeight { break }
            out.append(Level(scale: scale, width: w, height: h))
        }
        return out
    }

    /// Every window the cascade accepts, in input pixels, before grouping.
    func candidates(in plane: LumaPlane) -> [WindowRect] {
        let levels = levels(width: plane.width, height: plane.height)
        guard !levels.isEmpty, scaleFactor > 1 else { return [] }
        let tilted = model.usesTiltedFeatures
        // Each level's tables and the cascade compiled for them, built once and shared by the level's bands.
        let built = Mutex<[Int: (IntegralImages, CascadeEvaluator)]>([:])
        let source = plane, cascade = model, multiplier = stepMultiplier
        perform(levels.count) { i in
            let level = levels[i]
            let integral = IntegralImages(
                source.resizedBilinear(width: level.width, height: level.height), tilted: tilted,
                phases: level.step(multiplier: multiplier))
            let evaluator = CascadeEvaluator(model: cascade, layout: integral.layout)
            built.withLock { $0[i] = (integral, evaluator) }
        }
        let tables = built.withLock { $0 }
        // Bands of rows small enough to balance the cores, large enough to amortise pinning the tables.
        var jobs: [(level: Int, rows: Range<Int>)] = []
        for (i, level) in levels.enumerated() {
            let rows = level.height - model.windowHeight + 1
            let band = max(16, rows / 4)
            var y = 0
            while y < rows {
                jobs.append((i, y..<min(y + band, rows)))
                y += band
            }
        }
        let found = Mutex<[WindowRect]>([])
        let model = self.model, step = stepMultiplier, jobList = jobs, vectorized = vectorized
        perform(jobs.count) { j in
            let job = jobList[j]
            guard let (integral, evaluator) = tables[job.level] else { return }
            let hits = Self.scan(
                integral, evaluator, level: levels[job.level], rows: job.rows, model: model,
                stepMultiplier: step, vectorized: vectorized)
            if !hits.isEmpty { found.withLock { $0 += hits } }
        }
        return found.withLock { $0 }
    }

    private func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if singleThreaded || count == 1 {
            for i in 0..<count { body(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }

    /// Scans rows `rows` (window top edges) of one level, 8 windows at a time where the cascade allows.
    private static func scan(
        _ integral: IntegralImages, _ evaluator: CascadeEvaluator, level: Level, rows: Range<Int>, model: CascadeModel,
        stepMultiplier: Int, vectorized: Bool
    ) -> [WindowRect] {
        let step = level.step(multiplier: stepMultiplier)
        precondition(integral.layout.phases == step, "tables laid out for another step")
        // Windows start at columns 0, step, 2·step, … below `columns`; in the layout they are consecutive.
        let windows = (integral.width - model.windowWidth + step) / step
        let winW = Int((Float(model.windowWidth) * level.scale).rounded(.toNearestOrEven))
        let winH = Int((Float(model.windowHeight) * level.scale).rounded(.toNearestOrEven))
        var hits: [WindowRect] = []
        func hit(_ k: Int, _ y: Int) {
            hits.append(
                WindowRect(
                    x: Int((Float(k * step) * level.scale).rounded(.toNearestOrEven)),
                    y: Int((Float(y) * level.scale).rounded(.toNearestOrEven)), width: winW, height: winH))
        }
        // Rows on the level's step grid, so bands agree with one whole-level pass.
        var y = (rows.lowerBound + step - 1) / step * step
        let layout = integral.layout
        integral.sum.withUnsafeBufferPointer { sum in
            integral.squares.withUnsafeBufferPointer { squares in
                guard let s = sum.baseAddress, let q = squares.baseAddress else { return }
                let pointers = IntegralPointers(sum: s, squares: q)
                evaluator.withTables { cascade in
                    while y < rows.upperBound {
                        if vectorized && cascade.batchable {
                            var skipNext = false, k = 0
                            while k < windows {
                                var accepted = cascade.acceptedLanes(
                                    from: layout.origin(step: k, row: y),
                                    count: min(BoundCascade.laneCount, windows - k),
                                    skipNext: &skipNext, pointers)
                                while accepted != 0 {
                                    hit(k + accepted.trailingZeroBitCount, y)
                                    accepted &= accepted &- 1
                                }
                                k += BoundCascade.laneCount
                            }
                        } else {
                            var k = 0
                            while k < windows {
                                let verdict = cascade.evaluate(at: layout.origin(step: k, row: y), pointers)
                                if verdict > 0 { hit(k, y) }
                                // A window rejected by the very first stage is far from any face: skip one more.
                                k += verdict == 0 ? 2 : 1
                            }
                        }
                        y += step
                    }
                }
            }
        }
        return hits
    }
}
