import IrisCore

/// One thread's evaluator for one pass: walks rows of the pass rectangle in spans of at most
/// `spanLength` pixels, evaluates the tree, and zeroes what lies outside the pass's extent.
final class RowEvaluator {
    private let root: SpanNode
    private let readsCoordinates: Bool
    private let extent: ExtentBounds
    private let masks: Bool
    private let rect: (x: Int, maxY: Int, width: Int)
    private let spanLength: Int
    private var coordinates: [SIMD2<Float>] = []
    private var colours: [SIMD4<Float>] = []

    init(pass: RenderPlan.Pass, rect: Rect, spanLength: Int, factory: SpanNodeFactory) {
        root = factory.make(pass.root)
        readsCoordinates = SpanNodeFactory.readsCoordinates(pass.root)
        extent = ExtentBounds(pass.extent)
        masks = !extent.covers(rect)
        self.rect = (Int(rect.x), Int(rect.y + rect.height), Int(rect.width))
        self.spanLength = max(spanLength, 1)
    }

    /// Evaluates memory row `row` (0 = the rect's top) and hands each span to `consume` with its first
    /// column (0 = the rect's left edge).
    func evaluate(row: Int, _ consume: (_ column: Int, _ colours: UnsafeBufferPointer<SIMD4<Float>>) -> Void) {
        let y = rect.maxY - 1 - row
        var column = 0
        while column < rect.width {
            let n = min(spanLength, rect.width - column)
            let x0 = rect.x + column
            let points = SpanPoints(row: y, x0: x0, count: n, materialized: readsCoordinates, storage: &coordinates)
            root.evaluate(points, into: &colours)
            if masks { maskOutside(extent, rowY: y, x0: x0, count: n, &colours) }
            colours.withUnsafeBufferPointer { consume(column, $0) }
            column += n
        }
    }
}
