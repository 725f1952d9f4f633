import IrisCore
import Synchronization

/// One pass of a separable blur (`Kernel.Role.separableBlur`) over a stored pass, for row spans: a plain
/// convolution along the pass's axis, straight from the stored rows.
///
/// The weights come from the kernel's own Swift body (`AxisReads.probe`), so the interpreted kernel stays
/// the one definition. Each of its reads is a bilinear sample at a fractional offset; here it becomes its
/// two texels with their own shares, which is the same sum. The sampler's rules hold as they do for the
/// interpreted kernel: texels clamp to the stored rectangle, and a read whose point lies outside the
/// input's extent is 0, so near the extent's edges the test is made for each read. An edge-extending
/// clamp between the pass and the stored image (`Image.clampedToExtent`, which the compiler leaves inside
/// the pass) clamps the texel indices to its rectangle, with no extent outside. Other spans (scattered
/// points, a consumer sampling this node) take the interpreted kernel.
final class SeparableBlurNode: SpanNode {
    private let image: PassImage
    /// The clamp's rectangle as whole columns and rows [minX, maxX) × [minY, maxY); nil without a clamp.
    private let clamp: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    private let horizontal: Bool
    private let reads: [AxisReads.Read]
    /// The reads' weights gathered on whole texels: `taps[k]` weighs offset `k - reach`.
    private let taps: [Float]
    private let reach: Int
    private let fallback: SpanNode
    /// The span's stored texels, clamped: a row with `reach` columns each side (horizontal), or one row of
    /// the span's columns (vertical).
    private var line: [SIMD4<Float>] = []
    private var sum: [SIMD4<Float>] = []

    /// Nil when the body does not read along x or y, or a clamp's rectangle is not whole pixels inside the
    /// stored image's extent (where every clamped read is a stored texel).
    init?(kernel: Kernel, arguments: KernelArguments, image: PassImage, clampedTo rect: Rect?, fallback: SpanNode) {
        guard let probed = AxisReads.of(kernel, arguments) else { return nil }
        if let rect {
            guard !rect.isEmpty, !rect.isInfinite, rect == rect.integral,
                rect.minX >= image.extent.minX, rect.maxX <= image.extent.maxX,
                rect.minY >= image.extent.minY, rect.maxY <= image.extent.maxY
            else { return nil }
            clamp = (Int(rect.minX), Int(rect.minY), Int(rect.maxX), Int(rect.maxY))
        } else {
            clamp = nil
        }
        self.image = image
        self.fallback = fallback
        horizontal = probed.horizontal
        reads = probed.reads
        reach = reads.map { max(abs($0.texel), abs($0.texel + 1)) }.max() ?? 0
        var taps = [Float](repeating: 0, count: 2 * reach + 1)
        for read in reads {
            taps[read.texel + reach] += read.weight * (1 - read.fraction)
            taps[read.texel + 1 + reach] += read.weight * read.fraction
        }
        self.taps = taps
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        guard case let .row(x0, y) = points.shape, points.count > 0 else {
            fallback.evaluate(points, into: &out)
            return
        }
        let n = points.count
        out.fill(.zero, count: n)
        image.withSampler { sampler in
            guard sampler.grid.width > 0, sampler.grid.height > 0, !sampler.extent.isEmpty else {
                // Nothing stored, or an empty extent: every read is 0, unless a clamp moves the reads.
                if clamp != nil { fallback.evaluate(points, into: &out) }
                return
            }
            out.withUnsafeMutableBufferPointer { o in
                guard let base = o.baseAddress else { return }
                if horizontal {
                    alongRow(sampler, x0: x0, y: y, count: n, into: base)
                } else {
                    alongColumns(sampler, x0: x0, y: y, count: n, into: base)
                }
            }
        }
    }

    /// The extent the per-read test uses: the stored image's, or none behind a clamp.
    private func readExtent(_ sampler: BilinearSampler<FloatGrid>) -> ExtentBounds {
        clamp == nil ? sampler.extent : ExtentBounds(.infinite)
    }

    /// The global columns and rows texel indices clamp to: the stored rectangle's, within the clamp's.
    private func texelBounds(_ sampler: BilinearSampler<FloatGrid>) -> (
        columns: ClosedRange<Int>, rows: ClosedRange<Int>
    ) {
        var columns = sampler.originX...sampler.originX + sampler.grid.width - 1
        var rows = sampler.originY...sampler.originY + sampler.grid.height - 1
        if let clamp {
            columns = columns.clamped(to: clamp.minX...max(clamp.maxX - 1, clamp.minX))
            rows = rows.clamped(to: clamp.minY...max(clamp.maxY - 1, clamp.minY))
        }
        return (columns, rows)
    }

    /// The stored row for global row `y`, clamped.
    private func storedRow(_ sampler: BilinearSampler<FloatGrid>, _ y: Int) -> FloatGrid.Row {
        let rows = texelBounds(sampler).rows, h = sampler.grid.height
        let clamped = min(max(y, rows.lowerBound), rows.upperBound)
        return sampler.grid.row(min(max(sampler.originY + h - 1 - clamped, 0), h - 1))
    }

    /// Fills `out` with the texels of global columns x0 ..< x0 + count of `row`, clamped.
    private func copyClamped(
        _ row: FloatGrid.Row, _ sampler: BilinearSampler<FloatGrid>, x0: Int, count: Int,
        into out: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let columns = texelBounds(sampler).columns
        let lo = columns.lowerBound - sampler.originX, hi = columns.upperBound - sampler.originX
        let first = min(max(columns.lowerBound - x0, 0), count)
        let end = min(max(columns.upperBound + 1 - x0, first), count)
        if first > 0 { out.update(repeating: row.texel(lo), count: first) }
        if end > first { row.copy(from: x0 + first - sampler.originX, count: end - first, into: out + first) }
        if count > end { (out + end).update(repeating: row.texel(hi), count: count - end) }
    }

    private func alongRow(
        _ sampler: BilinearSampler<FloatGrid>, x0: Int, y: Int, count n: Int,
        into out: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let extent = readExtent(sampler)
        guard extent.containsRow(centre: Double(y) + 0.5) else { return }
        let reach = self.reach
        line.resize(to: n + 2 * reach, fill: .zero)
        let row = storedRow(sampler, y)
        line.withUnsafeMutableBufferPointer { l in
            taps.withUnsafeBufferPointer { t in
                guard let texels = l.baseAddress, let weights = t.baseAddress else { return }
                copyClamped(row, sampler, x0: x0 - reach, count: n + 2 * reach, into: texels)
                // Outputs whose every read lies inside the extent need no test: the whole-texel taps.
                let inside = extent.columns(x0: x0 - reach - 1, count: n + 2 * reach + 2)
                let safeFirst = min(max(inside.lowerBound, 0), n)
                let safeEnd = max(min(inside.upperBound - 2 * reach - 2, n), safeFirst)
                for i in safeFirst..<safeEnd {
                    let window = texels + i
                    var s = SIMD4<Float>.zero
                    for k in 0..<(2 * reach + 1) { s += weights[k] * window[k] }
                    out[i] = s
                }
                for i in 0..<n where i < safeFirst || i >= safeEnd {
                    let xc = Float(x0 + i) + 0.5, centre = texels + i + reach
                    var s = SIMD4<Float>.zero
                    for read in reads where extent.containsColumn(xc + read.offset) {
                        s +=
                            read.weight
                            * ((1 - read.fraction) * centre[read.texel] + read.fraction * centre[read.texel + 1])
                    }
                    out[i] = s
                }
            }
        }
    }

    private func alongColumns(
        _ sampler: BilinearSampler<FloatGrid>, x0: Int, y: Int, count n: Int,
        into out: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let extent = readExtent(sampler)
        let inside = extent.columns(x0: x0, count: n)
        guard !inside.isEmpty else { return }
        let m = inside.count
        sum.fill(.zero, count: m)
        line.resize(to: m, fill: .zero)
        let yc = Double(y) + 0.5
        sum.withUnsafeMutableBufferPointer { acc in
            line.withUnsafeMutableBufferPointer { l in
                guard let a = acc.baseAddress, let texels = l.baseAddress else { return }
                func add(_ weight: Float, row yy: Int) {
                    guard weight != 0 else { return }
                    copyClamped(storedRow(sampler, yy), sampler, x0: x0 + inside.lowerBound, count: m, into: texels)
                    for i in 0..<m { a[i] += weight * texels[i] }
                }
                for read in reads where extent.containsRow(centre: yc + Double(read.offset)) {
                    add(read.weight * (1 - read.fraction), row: y + read.texel)
                    add(read.weight * read.fraction, row: y + read.texel + 1)
                }
                (out + inside.lowerBound).update(from: a, count: m)
            }
        }
    }
}

/// What a separable pass's Swift body reads, found by running it: each read's offset along the axis and
/// its share of the result.
enum AxisReads {
    private struct Key: Hashable {
        let kernel: String
        let arguments: KernelArguments
    }
    /// Probed passes by kernel and arguments: every tile and thread of a render builds its own nodes.
    private static let cache = Mutex<[Key: (horizontal: Bool, reads: [Read])?]>([:])

    /// The reads of `kernel`'s Swift body with `arguments` (probed once, then cached); nil when it has no
    /// general body or does not read along one axis.
    static func of(_ kernel: Kernel, _ arguments: KernelArguments) -> (horizontal: Bool, reads: [Read])? {
        let key = Key(kernel: kernel.name, arguments: arguments)
        if let known = cache.withLock({ $0[key] }) { return known }
        guard case let .general(body)? = kernel.cpu else { return nil }
        let probed = probe(body, arguments)
        cache.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = probed
        }
        return probed
    }

    struct Read: Sendable {
        /// Offset of the read point from the output pixel's centre, along the axis.
        let offset: Float
        /// The read's weight in the result (already divided by the total).
        let weight: Float
        /// ⌊offset⌋ and offset − ⌊offset⌋: the texels the bilinear read blends and the far one's share.
        let texel: Int
        let fraction: Float
    }

    /// Runs `body` at one point, once per read it makes, with that read alone returning 1: the result is
    /// the read's weight. Nil unless every read lies on one axis through the point (or on the point) and
    /// the weights are finite.
    static func probe(
        _ body: @Sendable ([SIMD2<Float>], (Int, [SIMD2<Float>]) -> [SIMD4<Float>], KernelArguments) -> [SIMD4<Float>],
        _ arguments: KernelArguments
    ) -> (horizontal: Bool, reads: [Read])? {
        let origin = SIMD2<Float>(0.5, 0.5)
        var offsets: [SIMD2<Float>] = []
        _ = body(
            [origin],
            { input, points in
                if input == 0, let p = points.first { offsets.append(p - origin) }
                return [SIMD4<Float>](repeating: .zero, count: points.count)
            }, arguments)
        guard !offsets.isEmpty, offsets.count <= 1024 else { return nil }
        let alongX = offsets.allSatisfy { $0.y == 0 }, alongY = offsets.allSatisfy { $0.x == 0 }
        guard alongX || alongY else { return nil }
        var reads: [Read] = []
        for (target, offset) in offsets.enumerated() {
            var call = 0
            let result = body(
                [origin],
                { _, points in
                    defer { call += 1 }
                    return [SIMD4<Float>](repeating: call == target ? SIMD4(repeating: 1) : .zero, count: points.count)
                }, arguments)
            guard call == offsets.count, let weight = result.first?.x, weight.isFinite else { return nil }
            let d = alongX ? offset.x : offset.y
            let texel = d.rounded(.down)
            reads.append(Read(offset: d, weight: weight, texel: Int(texel), fraction: d - texel))
        }
        return (alongX, reads)
    }
}
