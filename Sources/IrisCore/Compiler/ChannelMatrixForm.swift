/// A baked colour run that is per-channel curves, then one affine colour matrix, then per-channel curves:
/// the shape of most colour chains (an sRGB decode, CIColorControls or any colour matrix, a gamma, an
/// exposure, a brightness, the sRGB encode). Such a run needs no 3D table: a camera pixel's decoded
/// coordinates read the first curves exactly (`before`, one entry per 14-bit coordinate), the matrix is
/// three dot products, and the output bytes come from tables over the matrix's range (`after`). That is six
/// table reads and a few vector multiplies a pixel where a tetrahedral lookup picks a tetrahedron, reads
/// four 16-byte corners and blends them. The baker finds the shape by probing each kernel (does it keep
/// channels apart; is it affine) and checks the result against the exact run, as it checks a cube, so a
/// kernel that only looks affine on the probes cannot put a wrong pixel out.
///
/// A class: a cube and its copies share one.
///
///     let form = ChannelMatrixForm(run: steps, colorManagement: true)   // nil: not this shape, or too coarse
public final class ChannelMatrixForm: Sendable {
    /// The first curves per channel at coordinate u / 2¹⁴ for u in 0…2¹⁴ (the CPU decode's fixed point).
    public let before: [[Float]]
    /// The matrix's rows (r, g, b coefficients) and its offsets.
    public let rows: [SIMD3<Float>]
    public let offset: SIMD3<Float>
    /// Where each channel's `after` table starts, and its entries per unit of the matrix's output.
    public let afterStart: SIMD3<Float>
    public let afterScale: SIMD3<Float>
    /// The output bytes per channel, as the output shows them (`ColorCubeBaker.displayed`, rounded), at
    /// `afterStart + k / afterScale` for k in 0..<`afterCount`.
    public let after: [[UInt8]]
    /// Whether the run ends in the output encode (its bytes need no encode after them).
    public let endsEncoded: Bool

    /// The CPU decode's fixed point: 0…1 as 0…2¹⁴ (IrisCPU's `FixedPointMatrix` reads it from here).
    public static let coordinateBits = 14
    public static let beforeCount = (1 << coordinateBits) + 1
    public static let afterCount = 1 << 16

    /// The form of `run`, or nil when some kernel is neither per-channel nor affine, two matrices have a
    /// curve between them, a result's alpha is not 1, or the form strays from the exact run by more than
    /// `ColorCubeBaker.tolerance` (the output bytes' rounding included) at any checked point.
    public init?(run: [ColorCubeBaker.Step], colorManagement: Bool) {
        var shapes: [StepShape] = []
        for step in run {
            guard let shape = Self.shape(of: step) else { return nil }
            shapes.append(shape)
        }
        guard let first = shapes.firstIndex(where: { !$0.perChannel }),
            let last = shapes.lastIndex(where: { !$0.perChannel }),
            shapes[first...last].allSatisfy(\.affine)
        else { return nil }
        let prefix = Array(run[..<first]), middle = Array(run[first...last]), suffix = Array(run[(last + 1)...])
        guard let matrix = Self.affine(middle) else { return nil }

        let inputs = (0..<Self.beforeCount).map { u -> SIMD4<Float> in
            let v = Float(u) / Float(Self.beforeCount - 1)
            return SIMD4(v, v, v, 1)
        }
        guard let curved = ColorCubeBaker.evaluate(prefix, inputs), curved.allSatisfy({ $0.w == 1 }) else {
            return nil
        }
        var before = (0..<3).map { c in curved.map { $0[c] } }
        guard before.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        // Shared storage where channels agree (an sRGB decode is the same on each): one table in cache.
        if before[1] == before[0] { before[1] = before[0] }
        if before[2] == before[0] { before[2] = before[0] }

        // The matrix's output range over the box of the curves' ranges.
        let low = SIMD3((0..<3).map { before[$0].min() ?? 0 }), high = SIMD3((0..<3).map { before[$0].max() ?? 0 })
        var start = matrix.offset, end = matrix.offset
        for c in 0..<3 {
            let row = matrix.rows[c]
            for j in 0..<3 {
                start[c] += min(row[j] * low[j], row[j] * high[j])
                end[c] += max(row[j] * low[j], row[j] * high[j])
            }
        }
        let span = (end - start).replacing(with: 1e-6, where: end - start .< 1e-6)
        let scale = Float(Self.afterCount - 1) / span
        let samples = (0..<Self.afterCount).map { k -> SIMD4<Float> in
            let x = start + Float(k) / scale
            return SIMD4(x, 1)
        }
        let encoded = ColorCubeBaker.endsEncoded(run)
        guard let outputs = ColorCubeBaker.evaluate(suffix, samples), outputs.allSatisfy({ $0.w == 1 }) else {
            return nil
        }
        let shown = TransferTables.shared.withTables { tables in
            outputs.map { ColorCubeBaker.displayed($0, encoded: encoded, colorManagement: colorManagement, tables) }
        }
        var after = (0..<3).map { c in shown.map { UInt8(($0[c] * 255 + 0.5).rounded(.down)) } }
        if after[1] == after[0] { after[1] = after[0] }
        if after[2] == after[0] { after[2] = after[0] }

        self.before = before
        rows = matrix.rows
        offset = matrix.offset
        afterStart = start
        afterScale = scale
        self.after = after
        endsEncoded = encoded
        guard let error = error(against: run, colorManagement: colorManagement), error <= ColorCubeBaker.tolerance
        else { return nil }
    }

    /// A form read back whole (`BakedCubeStore`), as the baker made and checked it.
    init(
        before: [[Float]], rows: [SIMD3<Float>], offset: SIMD3<Float>, afterStart: SIMD3<Float>,
        afterScale: SIMD3<Float>, after: [[UInt8]], endsEncoded: Bool
    ) {
        self.before = before
        self.rows = rows
        self.offset = offset
        self.afterStart = afterStart
        self.afterScale = afterScale
        self.after = after
        self.endsEncoded = endsEncoded
    }

    /// The output bytes for the decode's coordinates `u` (0…2¹⁴ each): what the CPU's row loops compute,
    /// with the same arithmetic (`dot`, `afterIndex`).
    public func bytes(_ u: SIMD3<Int>) -> SIMD3<UInt8> {
        let x = before[0][u.x], y = before[1][u.y], z = before[2][u.z]
        var out = SIMD3<UInt8>()
        for c in 0..<3 {
            let k = Self.dot(rows[c], x, y, z, offset[c]) * afterScale[c] + afterShift[c]
            out[c] = after[c][Int(Self.afterIndex(k))]
        }
        return out
    }

    /// Added to a matrix output times `afterScale` to give its position in the `after` table:
    /// −`afterStart` · `afterScale`.
    public var afterShift: SIMD3<Float> { -afterStart * afterScale }

    /// One matrix row applied: r·x + g·y + b·z + offset, in that order.
    @inline(__always)
    public static func dot(_ row: SIMD3<Float>, _ x: Float, _ y: Float, _ z: Float, _ offset: Float) -> Float {
        row.x * x + row.y * y + row.z * z + offset
    }

    /// The `after` entry nearest position `k` (clamped to the table; NaN reads the first). The rounding adds
    /// 2²³, which leaves the nearest integer in the float's low mantissa bits: float arithmetic and a
    /// bit-cast, which vectorise, where Swift's checked float-to-integer conversion does not.
    @inline(__always)
    public static func afterIndex(_ k: Float) -> Int32 {
        let last = Float(afterCount - 1), magic: Float = 8_388_608
        let clamped = k > 0 ? (k < last ? k : last) : 0
        return Int32(bitPattern: (clamped + magic).bitPattern &- magic.bitPattern)
    }

    /// The largest difference, in code values / 255, between the form's bytes and the exact run as the
    /// output shows it, at the decode's coordinates nearest the cube's validation points and a 17³ grid.
    func error(against run: [ColorCubeBaker.Step], colorManagement: Bool) -> Float? {
        let unit = Float(Self.beforeCount - 1)
        let points = ColorCubeBaker.validationPoints + ColorCube.gridColors(size: 17)
        let coordinates = points.map { p in
            SIMD3(Int((p.x * unit).rounded()), Int((p.y * unit).rounded()), Int((p.z * unit).rounded()))
        }
        let quantised = coordinates.map { SIMD4(SIMD3<Float>($0) / unit, 1) }
        guard let exact = ColorCubeBaker.evaluate(run, quantised) else { return nil }
        let encoded = ColorCubeBaker.endsEncoded(run)
        return TransferTables.shared.withTables { tables in
            var largest: Float = 0
            for (u, e) in zip(coordinates, exact) {
                let shown = ColorCubeBaker.displayed(e, encoded: encoded, colorManagement: colorManagement, tables)
                if shown.w != 1 { return .infinity }
                let d = SIMD3<Float>(bytes(u)) / 255 - SIMD3(shown.x, shown.y, shown.z)
                largest = max(largest, abs(d.x), abs(d.y), abs(d.z))
            }
            return largest
        }
    }

    // MARK: probing the kernels

    struct StepShape {
        /// Each output channel depends on its own input channel only.
        let perChannel: Bool
        /// The output is a matrix times the input plus an offset.
        let affine: Bool
    }

    /// Colours kernels meet inside a run: a matrix before them may push values past 0 and 1.
    static let probes: [SIMD4<Float>] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24) * 1.6 - 0.3
        }
        return (0..<48).map { _ in SIMD4(next(), next(), next(), 1) }
    }()

    /// How `step` treats colours, or nil when it is neither shape (or has no Swift body, or changes alpha).
    static func shape(of step: ColorCubeBaker.Step) -> StepShape? {
        let base = probes
        // Each probe with one channel moved, channel by channel.
        let moved = (0..<3).flatMap { j in
            base.enumerated().map { i, p -> SIMD4<Float> in
                var q = p
                q[j] = base[(i + 7 + j) % base.count][j]
                return q
            }
        }
        let origin = SIMD4<Float>(0, 0, 0, 1)
        let units = (0..<3).map { j -> SIMD4<Float> in
            var e = origin
            e[j] = 1
            return e
        }
        guard let out = ColorCubeBaker.evaluateHere([step], base + moved + [origin] + units),
            out.allSatisfy({ $0.w == 1 })
        else { return nil }
        func same(_ a: Float, _ b: Float) -> Bool {
            a.isNaN && b.isNaN || abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
        }
        var perChannel = true
        for j in 0..<3 {
            for i in base.indices {
                let a = out[i], b = out[base.count * (j + 1) + i]
                for c in 0..<3 where c != j && !same(a[c], b[c]) { perChannel = false }
            }
        }
        let o = out[base.count * 4], e = out[(base.count * 4 + 1)...]
        let columns = e.map { SIMD3($0.x, $0.y, $0.z) - SIMD3(o.x, o.y, o.z) }
        var affine =
            SIMD3(o.x, o.y, o.z).min().isFinite && columns.allSatisfy { $0.min().isFinite && $0.max().isFinite }
        if affine {
            for (p, r) in zip(base + moved, out) {
                let predicted = SIMD3(o.x, o.y, o.z) + columns[0] * p.x + columns[1] * p.y + columns[2] * p.z
                let d = SIMD3(r.x, r.y, r.z) - predicted
                if !(max(abs(d.x), abs(d.y), abs(d.z)) <= 1e-5 * max(1, abs(r.x), abs(r.y), abs(r.z))) {
                    affine = false
                    break
                }
            }
        }
        guard perChannel || affine else { return nil }
        return StepShape(perChannel: perChannel, affine: affine)
    }

    /// The composed matrix of `middle` (every step affine), read from its images of the origin and the units.
    static func affine(_ middle: [ColorCubeBaker.Step]) -> (rows: [SIMD3<Float>], offset: SIMD3<Float>)? {
        let points: [SIMD4<Float>] = [SIMD4(0, 0, 0, 1), SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(0, 0, 1, 1)]
        guard let out = ColorCubeBaker.evaluateHere(middle, points) else { return nil }
        let o = SIMD3(out[0].x, out[0].y, out[0].z)
        let columns = (1...3).map { SIMD3(out[$0].x, out[$0].y, out[$0].z) - o }
        let rows = (0..<3).map { c in SIMD3(columns[0][c], columns[1][c], columns[2][c]) }
        return (rows, o)
    }
}
