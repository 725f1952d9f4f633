import IrisCore

/// A subsampled chroma plane read at every pixel of a row of the full frame: `irisAffine` with a pure 2×
/// scale over a 1- or 2-channel leaf, the shape every 4:2:0 decode has. Bilinear weights are then fixed
/// (0.25/0.75 by the parity of x and y), so one vertical blend of two plane rows and a fixed horizontal
/// blend replace the general warp → point array → bilinear sampler chain. Any other point shape, or a
/// row reaching outside the frame, goes through the general chain (`fallback`).
final class ChromaUpsampleNode: SpanNode {
    private let leaf: RenderPlan.Leaf
    private let fallback: SpanNode
    private var blended: [SIMD2<Float>] = []

    /// Recognises `irisAffine` with inverse rows (0.5, 0, 0) and (0, 0.5, 0) over a 1/2-channel leaf.
    static func matches(_ node: RenderPlan.KernelNode, leaves: [RenderPlan.Leaf]) -> RenderPlan.Leaf? {
        guard node.kernel.role == .affine, node.inputs.count == 1,
            case let .leaf(index) = node.inputs[0], leaves.indices.contains(index)
        else { return nil }
        let leaf = leaves[index]
        let stride = leaf.buffer.format.planes[leaf.plane].bytesPerSample
        guard leaf.channels == stride, stride == 1 || stride == 2,
            node.arguments.vec3(0) == SIMD3(0.5, 0, 0), node.arguments.vec3(1) == SIMD3(0, 0.5, 0)
        else { return nil }
        return leaf
    }

    init(leaf: RenderPlan.Leaf, fallback: SpanNode) {
        self.leaf = leaf
        self.fallback = fallback
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        let w = leaf.width, h = leaf.height, count = points.count
        guard case let .row(x0, y) = points.shape, x0 >= 0, x0 + count <= 2 * w, y >= 0, y < 2 * h, count > 0 else {
            fallback.evaluate(points, into: &out)
            return
        }
        out.resize(to: count, fill: .zero)
        // Global row y reads plane position v = (y + 0.5)/2 in bottom-left coordinates; planes are stored
        // top-down, so the sample's row coordinate from the top is h − v − 0.5 texel centres.
        let fromTop = Float(h) - (Float(y) + 0.5) * 0.5 - 0.5
        let r0f = fromTop.rounded(.down)
        let fy = fromTop - r0f
        let r0 = min(max(Int(r0f), 0), h - 1), r1 = min(max(Int(r0f) + 1, 0), h - 1)
        // Plane columns this span touches: pixel x reads s = x/2 − 0.25, so columns ⌊x0/2⌋−1 … ⌊(x0+count−1)/2⌋+1.
        let c0 = max(x0 / 2 - 1, 0), c1 = min((x0 + count - 1) / 2 + 1, w - 1)
        let stride = leaf.buffer.format.planes[leaf.plane].bytesPerSample
        let bytesPerRow = leaf.buffer.planes[leaf.plane].bytesPerRow
        blended.resize(to: c1 - c0 + 1, fill: .zero)
        leaf.buffer.planes[leaf.plane].withUnsafeBufferPointer { bytes in
            blended.withUnsafeMutableBufferPointer { b in
                let top = r0 * bytesPerRow, bottom = r1 * bytesPerRow
                for c in c0...c1 {
                    let o = c * stride
                    let a0 = Float(bytes[top + o]), b0 = Float(bytes[bottom + o])
                    let a1 = stride == 2 ? Float(bytes[top + o + 1]) : 0,
                        b1 = stride == 2 ? Float(bytes[bottom + o + 1]) : 0
                    b[c - c0] = SIMD2(a0 + (b0 - a0) * fy, a1 + (b1 - a1) * fy) * (1 / 255)
                }
            }
        }
        blended.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<count {
                    let x = x0 + i
                    // Even x sits a quarter texel left of column x/2, odd x a quarter texel right of it.
                    let k = x >> 1
                    let left = (x & 1) == 0 ? k - 1 : k
                    let fx: Float = (x & 1) == 0 ? 0.75 : 0.25
                    let l = b[min(max(left, 0), w - 1) - c0], r = b[min(max(left + 1, 0), w - 1) - c0]
                    let v = l + (r - l) * fx
                    o[i] = SIMD4(v.x, v.y, 0, 1)
                }
            }
        }
    }
}
