import CYUV
import IrisCore

/// The identity case of an output pass whose root is a 4-channel leaf: bytes → /255 → ×255 → bytes is
/// exact, so rows that lie wholly inside the leaf are copied (or R/B-swapped by libyuv) without floats.
struct DirectLeafCopy {
    private let leaf: RenderPlan.Leaf
    private let x: Int
    private let maxY: Int
    private let width: Int

    /// Nil unless the pass reads one RGBA/BGRA leaf at pixel centres and is defined over the whole rect.
    init?(pass: RenderPlan.Pass, rect: Rect, leaves: [RenderPlan.Leaf]) {
        guard case let .leaf(index) = pass.root, leaves.indices.contains(index) else { return nil }
        let leaf = leaves[index]
        guard leaf.channels == 4, leaf.buffer.format.planes[leaf.plane].bytesPerSample == 4,
            ExtentBounds(pass.extent).covers(rect)
        else { return nil }
        self.leaf = leaf
        x = Int(rect.x)
        maxY = Int(rect.y + rect.height)
        width = Int(rect.width)
    }

    /// Copies memory row `row` of the rect into `out` and returns true, or returns false when the row
    /// leaves the leaf (the general path handles its edges).
    func copy(row: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        let y = maxY - 1 - row
        guard y >= 0, y < leaf.height, x >= 0, x + width <= leaf.width else { return false }
        let plane = leaf.buffer.planes[leaf.plane]
        let offset = (leaf.height - 1 - y) * plane.bytesPerRow + x * 4
        return plane.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            if leaf.swapsRedBlue {
                // libyuv's "ABGR" is R,G,B,A in memory and its "ARGB" is B,G,R,A: the swap in either direction.
                return ABGRToARGB(base + offset, 0, out, 0, Int32(width), 1) == 0
            }
            out.update(from: base + offset, count: width * 4)
            return true
        }
    }
}
