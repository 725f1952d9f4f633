import IrisCore

/// Reads a plane of a source buffer in place.
final class LeafNode: SpanNode {
    private enum Layout {
        case one, two, four, fourSwapped
        case generic(GenericLayout)
    }

    private let leaf: RenderPlan.Leaf
    private let extent: ExtentBounds
    private let layout: Layout
    private let bytesPerRow: Int
    private var rowScratch: [SIMD4<Float>] = []

    init(_ leaf: RenderPlan.Leaf) {
        self.leaf = leaf
        extent = ExtentBounds(leaf.extent)
        let stride = leaf.buffer.format.planes[leaf.plane].bytesPerSample
        bytesPerRow = leaf.buffer.planes[leaf.plane].bytesPerRow
        switch (leaf.channels, stride, leaf.swapsRedBlue) {
        case (1, 1, _): layout = .one
        case (2, 2, _): layout = .two
        case (4, 4, false): layout = .four
        case (4, 4, true): layout = .fourSwapped
        default:
            layout = .generic(
                GenericLayout(channels: min(leaf.channels, stride), stride: stride, swapsRedBlue: leaf.swapsRedBlue))
        }
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        out.resize(to: points.count, fill: .zero)
        var scratch = rowScratch
        rowScratch = []  // held locally so the closures below can mutate it without overlapping access
        defer { rowScratch = scratch }
        leaf.buffer.planes[leaf.plane].withUnsafeBufferPointer { bytes in
            out.withUnsafeMutableBufferPointer { o in
                guard let base = bytes.baseAddress, let dst = o.baseAddress else { return }
                switch layout {
                case .one: sample(base, OneChannelLayout(), points, dst, &scratch)
                case .two: sample(base, TwoChannelLayout(), points, dst, &scratch)
                case .four: sample(base, FourChannelLayout(), points, dst, &scratch)
                case .fourSwapped: sample(base, SwappedFourChannelLayout(), points, dst, &scratch)
                case let .generic(g): sample(base, g, points, dst, &scratch)
                }
            }
        }
    }

    @inline(__always)
    private func sample<L: ByteTexelLayout>(
        _ base: UnsafePointer<UInt8>, _ layout: L, _ points: SpanPoints,
        _ out: UnsafeMutablePointer<SIMD4<Float>>, _ scratch: inout [SIMD4<Float>]
    ) {
        let grid = ByteGrid(
            base: base, bytesPerRow: bytesPerRow, width: leaf.width, height: leaf.height, layout: layout)
        BilinearSampler(grid: grid, originX: 0, originY: 0, extent: extent).sample(points, into: out, scratch: &scratch)
    }
}

/// Reads an earlier pass's stored result for this tile.
final class IntermediateNode: SpanNode {
    private let image: PassImage
    private var rowScratch: [SIMD4<Float>] = []

    init(_ image: PassImage) { self.image = image }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        out.resize(to: points.count, fill: .zero)
        var scratch = rowScratch
        rowScratch = []
        defer { rowScratch = scratch }
        out.withUnsafeMutableBufferPointer { o in
            guard let dst = o.baseAddress else { return }
            image.withSampler { $0.sample(points, into: dst, scratch: &scratch) }
        }
    }
}

final class ConstantNode: SpanNode {
    private let value: SIMD4<Float>

    init(_ value: SIMD4<Float>) { self.value = value }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) { out.fill(value, count: points.count) }
}
