import IrisCore

/// Zeroes a kernel node's colours outside its extent: Core Image's rule that an image is clear outside
/// its extent, which the GLES renderer applies per node too. A decode kernel evaluated off the frame (a
/// rotated frame's corners) would otherwise give opaque colour.
final class ExtentMaskNode: SpanNode {
    private let inner: SpanNode
    private let bounds: ExtentBounds

    /// Wraps `inner` unless its extent is infinite (nothing to mask).
    static func wrapping(_ inner: SpanNode, extent: Rect) -> SpanNode {
        if extent.width.isInfinite && extent.height.isInfinite { return inner }
        return ExtentMaskNode(inner, ExtentBounds(extent))
    }

    private init(_ inner: SpanNode, _ bounds: ExtentBounds) {
        self.inner = inner
        self.bounds = bounds
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        let count = points.count
        switch points.shape {
        case let .row(x0, y):
            // A row span that misses the extent is clear without evaluating the inner node at all: small
            // images over a large frame (overlay labels, a crop) cost only the rows they cover.
            guard bounds.containsRow(centre: Double(y) + 0.5) else {
                out.fill(.zero, count: count)
                return
            }
            let inside = bounds.columns(x0: x0, count: count)
            if inside.isEmpty {
                out.fill(.zero, count: count)
                return
            }
            inner.evaluate(points, into: &out)
            if inside.lowerBound == 0 && inside.upperBound == count { return }
            out.withUnsafeMutableBufferPointer { p in
                for i in 0..<inside.lowerBound { p[i] = .zero }
                for i in inside.upperBound..<count { p[i] = .zero }
            }
        case .constantY, .scattered:
            inner.evaluate(points, into: &out)
            points.coords.withUnsafeBufferPointer { c in
                out.withUnsafeMutableBufferPointer { p in
                    for i in 0..<count where !bounds.contains(c[i]) { p[i] = .zero }
                }
            }
        }
    }
}
