import Dispatch
import Foundation
import Synchronization

/// Tabulates a run of position-independent colour kernels into a `ColorCube`, choosing the smallest cube
/// whose tetrahedral interpolation stays within `tolerance` of the exact kernels, and caching the result by
/// the run's kernels and arguments so a live chain is baked once (and a slider change costs one bake).
///
///     let cube = ColorCubeBaker.cube(for: [.init(BuiltInKernels.srgbToLinear), .init(BuiltInKernels.linearToSRGB)], colorManagement: true)
public enum ColorCubeBaker {
    /// One kernel application of the run, in the order the run applies them.
    public struct Step: Sendable, Hashable {
        public let kernel: Kernel
        public let arguments: KernelArguments
        public init(_ kernel: Kernel, _ arguments: KernelArguments = KernelArguments([])) {
            self.kernel = kernel
            self.arguments = arguments
        }
        public static func == (a: Step, b: Step) -> Bool {
            a.kernel.name == b.kernel.name && a.arguments == b.arguments
        }
        public func hash(into h: inout Hasher) {
            h.combine(kernel.name)
            h.combine(arguments)
        }
    }

    /// Cube sizes tried, smallest first: 17³ fits in a level-1 cache, 65³ is the largest worth holding.
    public static let sizes = [17, 33, 65]
    /// The largest difference from the exact kernels a baked run may show in any channel of the output
    /// encoding (8-bit code values / 255). It leaves room under the renderers' 2/255 agreement for the fixed-
    /// point lookup's own rounding.
    public static let tolerance: Float = 1.5 / 255

    /// The cube for `run`, or nil when no size meets `tolerance` (a kink or a step inside the run, such as a
    /// posterize, that interpolation cannot follow) or a step has no Swift body. A run baked earlier in this
    /// process is not baked again; one baked by an earlier run of this executable is read from `store`.
    public static func cube(for run: [Step], colorManagement: Bool, store: BakedCubeStore? = nil) -> ColorCube? {
        let key = CacheKey(run: run, colorManagement: colorManagement)
        if let known = cache.withLock({ $0.value(for: key) }) { return known }
        let storeKey = store.map { _ in BakedCubeStore.Key(run: run, colorManagement: colorManagement) }
        var baked: ColorCube?
        if let store, let storeKey, let stored = store.load(storeKey) {
            switch stored {
            case let .cube(cube):
                noteSize(cube.size, for: run, colorManagement: colorManagement)
                baked = cube
            case .unbakeable:
                noteFailure(of: run, colorManagement: colorManagement)
                baked = nil
            }
        } else {
            baked = bake(run, colorManagement: colorManagement)
            if let cube = baked, !cube.isSeparable {
                baked = cube.with(ChannelMatrixForm(run: run, colorManagement: colorManagement))
            }
            // A per-channel run bakes along its axes in about a millisecond: not worth a file.
            if let store, let storeKey, baked?.isSeparable != true {
                store.save(baked.map { .cube($0) } ?? .unbakeable, for: storeKey)
            }
        }
        cache.withLock { $0.insert(baked, for: key) }
        return baked
    }

    /// The largest error (in code values / 255) of a cube for `run`, measured at the centre of every cell
    /// (where interpolation strays furthest from a smooth function) and at `validationPoints`.
    public static func error(of cube: ColorCube, for run: [Step], colorManagement: Bool) -> Float {
        error(of: cube, for: run, colorManagement: colorManagement, stoppingAbove: .infinity)
    }

    /// As `error(of:for:colorManagement:)`, but stops as soon as some point is further off than `limit` (a
    /// cube too small for its run usually shows it in the first few thousand cells), returning that error.
    static func error(of cube: ColorCube, for run: [Step], colorManagement: Bool, stoppingAbove limit: Float) -> Float {
        let centres = cellCentres(size: cube.size)
        let points = centres + validationPoints
        let encoded = endsEncoded(run)
        let size = cube.size, cells = size - 1, toDiagonal = 1 + size + size * size
        // At a cell's centre the tetrahedral interpolation is the mean of the cell's diagonal corners (all
        // three fractions are ½); elsewhere it is the full lookup.
        @Sendable func interpolated(_ i: Int) -> SIMD4<Float> {
            guard i < centres.count else {
                let p = points[i]
                return cube.sample(SIMD3(p.x, p.y, p.z))
            }
            let base = i % cells + (i / cells % cells) * size + i / (cells * cells) * size * size
            return (cube.entries[base] + cube.entries[base + toDiagonal]) * 0.5
        }
        // A 65³ cube has a quarter of a million cells: the check is split across the cores, in blocks.
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, points.count / 16_384))
        let worst = Mutex([Float](repeating: 0, count: chunks))
        let block = 8_192
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (points.count * chunk / chunks)..<(points.count * (chunk + 1) / chunks)
            var largest: Float = 0
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(start + block, range.upperBound)
                guard let exact = evaluateHere(run, Array(points[start..<end])) else {
                    largest = .infinity
                    break
                }
                TransferTables.shared.withTables { tables in
                    for i in start..<end {
                        let a = displayed(exact[i - start], encoded: encoded, colorManagement: colorManagement, tables)
                        let b = displayed(interpolated(i), encoded: encoded, colorManagement: colorManagement, tables)
                        let d = a - b
                        largest = max(largest, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                    }
                }
                start = end
                let current = largest
                let stop = worst.withLock { w in
                    w[chunk] = current
                    return w.contains { $0 > limit }
                }
                if stop { break }
            }
            let final = largest
            worst.withLock { $0[chunk] = final }
        }
        return worst.withLock { $0.max() ?? 0 }
    }

    private static func bake(_ run: [Step], colorManagement: Bool) -> ColorCube? {
        // A slider change keeps the run's kernels and changes their arguments: start at the size that run
        // needed last time (a larger cube is never less accurate).
        let shape = ShapeKey(kernels: run.map(\.kernel.name), colorManagement: colorManagement)
        let start = sizeHints.withLock { $0[shape] } ?? sizes[0]
        let separable = isSeparable(run)
        for size in sizes where size >= start {
            let cube: ColorCube, error: Float
            if separable {
                guard let axes = separableCube(run, size: size) else { return nil }
                cube = axes
                error = separableError(of: cube, for: run, colorManagement: colorManagement)
            } else {
                guard let entries = evaluate(run, ColorCube.gridColors(size: size)) else { return nil }
                cube = ColorCube(size: size, entries: entries)
                error = Self.error(of: cube, for: run, colorManagement: colorManagement, stoppingAbove: tolerance)
            }
            if error <= tolerance {
                noteSize(size, for: run, colorManagement: colorManagement)
                return cube
            }
        }
        noteFailure(of: run, colorManagement: colorManagement)
        return nil
    }

    /// Remembers the size `run` needed, where its kernels' next bake starts.
    private static func noteSize(_ size: Int, for run: [Step], colorManagement: Bool) {
        let shape = ShapeKey(kernels: run.map(\.kernel.name), colorManagement: colorManagement)
        sizeHints.withLock { hints in
            if hints.count >= 256 { hints.removeAll() }
            hints[shape] = size
        }
    }

    /// Remembers that no cube follows `run` (`nearbyBakeFailed`).
    private static func noteFailure(of run: [Step], colorManagement: Bool) {
        let shape = ShapeKey(kernels: run.map(\.kernel.name), colorManagement: colorManagement)
        failures.withLock { failed in
            if failed.count >= 256 { failed.removeAll() }
            failed[shape] = run
        }
    }

    /// Whether a run of the same kernels with nearby arguments (each number within `nearby`) found no cube
    /// accurate enough at its last bake: a slider's next value rarely makes a run bakeable, so the compiler
    /// tries a shorter run first. A different chain of the same kernels (another colour matrix) is not
    /// nearby and is tried whole again.
    static func nearbyBakeFailed(for run: [Step], colorManagement: Bool) -> Bool {
        let shape = ShapeKey(kernels: run.map(\.kernel.name), colorManagement: colorManagement)
        guard let failed = failures.withLock({ $0[shape] }), failed.count == run.count else { return false }
        return zip(failed, run).allSatisfy { a, b in
            let x = a.arguments.values.flatMap(\.numbers), y = b.arguments.values.flatMap(\.numbers)
            return x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= nearby }
        }
    }

    /// How far apart two arguments may be and still count as one slider's nearby values.
    static let nearby: Float = 0.05

    private static func cellCentres(size: Int) -> [SIMD4<Float>] {
        let cells = size - 1, step = 1 / Float(cells)
        var points: [SIMD4<Float>] = []
        points.reserveCapacity(cells * cells * cells)
        for b in 0..<cells {
            for g in 0..<cells {
                for r in 0..<cells {
                    points.append(SIMD4((Float(r) + 0.5) * step, (Float(g) + 0.5) * step, (Float(b) + 0.5) * step, 1))
                }
            }
        }
        return points
    }

    /// Runs the kernels' Swift bodies over `colors` on this thread; nil when one has none.
    static func evaluateHere(_ run: [Step], _ colors: [SIMD4<Float>]) -> [SIMD4<Float>]? {
        var pixels = colors
        for step in run {
            guard case let .color(body)? = step.kernel.cpu, step.kernel.isPositionIndependent else { return nil }
            body(&pixels, [], [], step.arguments)
            guard pixels.count == colors.count else { return nil }
        }
        return pixels
    }

    /// Runs the kernels' Swift bodies over `colors`, in chunks across the cores; nil when one has none.
    static func evaluate(_ run: [Step], _ colors: [SIMD4<Float>]) -> [SIMD4<Float>]? {
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, colors.count / 16_384))
        let results = Mutex([[SIMD4<Float>]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let part = Array(colors[(colors.count * chunk / chunks)..<(colors.count * (chunk + 1) / chunks)])
            guard let pixels = evaluateHere(run, part) else { return }
            results.withLock { $0[chunk] = pixels }
        }
        let parts = results.withLock { $0 }
        let joined = Array(parts.joined())
        return joined.count == colors.count ? joined : nil
    }

    /// Whether the run's result is straight encoded colour (it ends after an output conversion) rather than
    /// premultiplied working-space colour.
    static func endsEncoded(_ run: [Step]) -> Bool {
        var encoded = true  // the cube's input: a decoder's straight, encoded R'G'B'
        for step in run {
            switch step.kernel.role {
            case .srgbToLinear, .premultiply: encoded = false
            case .linearToSRGB, .unpremultiply: encoded = true
            default: break
            }
        }
        return encoded
    }

    /// A result as the output would show it, so the error is measured where it is seen: in code values.
    static func displayed(
        _ c: SIMD4<Float>, encoded: Bool, colorManagement: Bool, _ tables: TransferTables.Lookup
    ) -> SIMD4<Float> {
        var v = c
        if !encoded {
            v = c.w < invisibleAlpha ? .zero : unpremultiplied(c)
            if colorManagement {
                v = SIMD4(tables.linearToSRGB(v.x), tables.linearToSRGB(v.y), tables.linearToSRGB(v.z), v.w)
            }
        }
        return v.replacing(with: 0, where: .!(v .> 0)).replacing(with: 1, where: v .> 1)
    }

    /// Where cubes are checked: a seeded scatter through the cube, its corners, and points close to its faces,
    /// where clamps inside a run put their kinks.
    static let validationPoints: [SIMD4<Float>] = {
        var points: [SIMD4<Float>] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24)
        }
        for _ in 0..<3000 { points.append(SIMD4(next(), next(), next(), 1)) }
        for _ in 0..<1000 {
            var p = SIMD4(next(), next(), next(), 1)
            let axis = Int(next() * 3) % 3
            p[axis] = next() < 0.5 ? next() * 0.03 : 1 - next() * 0.03
            points.append(p)
        }
        // Steep parts of a chain (an invert then the sRGB encode near black) sit within a fraction of a cell
        // of a face: sample there densely.
        let offsets: [Float] = [1 / 1024, 1 / 512, 1 / 256, 1 / 128, 1 / 64]
        for offset in offsets {
            for _ in 0..<200 {
                var p = SIMD4(next(), next(), next(), 1)
                let axis = Int(next() * 3) % 3
                p[axis] = next() < 0.5 ? offset : 1 - offset
                points.append(p)
            }
        }
        for b in [Float(0), 1] {
            for g in [Float(0), 1] { for r in [Float(0), 1] { points.append(SIMD4(r, g, b, 1)) } }
        }
        return points
    }()

    private struct ShapeKey: Hashable {
        let kernels: [String]
        let colorManagement: Bool
    }

    /// The cube size each run of kernels (by name) needed at its last bake.
    private static let sizeHints = Mutex([ShapeKey: Int]())
    /// The last run of each shape that no cube size could follow.
    private static let failures = Mutex([ShapeKey: [Step]]())

    private struct CacheKey: Hashable {
        let run: [Step]
        let colorManagement: Bool
    }

    /// The most recent bakes, nil recorded too so a run that cannot be baked is not retried every frame.
    private struct Cache {
        static let capacity = 64
        var entries: [CacheKey: ColorCube?] = [:]
        var order: [CacheKey] = []

        func value(for key: CacheKey) -> ColorCube?? { entries[key] }

        mutating func insert(_ cube: ColorCube?, for key: CacheKey) {
            if entries.updateValue(cube, forKey: key) == nil { order.append(key) }
            while order.count > Self.capacity { entries[order.removeFirst()] = nil }
        }
    }

    private static let cache = Mutex(Cache())
}
