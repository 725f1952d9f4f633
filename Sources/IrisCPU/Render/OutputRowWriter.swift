import IrisCore

/// Writes an output pass's rows as bytes, by the fastest way the pass allows: a direct copy of an RGBA
/// leaf, the Y'CbCr camera path (`YCbCrOutputPath`), or the span interpreter. Made once per pass; each
/// band thread makes its own `BandWriter` (they own scratch rows).
struct OutputRowWriter: Sendable {
    let pass: RenderPlan.Pass
    let rect: Rect
    let spanLength: Int
    let factory: SpanNodeFactory
    let directCopy: DirectLeafCopy?
    let ycbcr: YCbCrOutputPath?

    init(plan: RenderPlan, pass: RenderPlan.Pass, rect: Rect, images: [PassImage], spanLength: Int) {
        self.pass = pass
        self.rect = rect
        self.spanLength = spanLength
        factory = SpanNodeFactory(leaves: plan.leaves, images: images)
        directCopy = DirectLeafCopy(pass: pass, rect: rect, leaves: plan.leaves)
        ycbcr = YCbCrOutputPath(
            pass: pass, rect: rect, leaves: plan.leaves, intermediates: images.count, images: images)
    }

    func makeBandWriter() -> BandWriter {
        BandWriter(
            evaluator: RowEvaluator(pass: pass, rect: rect, spanLength: spanLength, factory: factory),
            directCopy: directCopy, decodedRows: directCopy == nil ? ycbcr?.rows() : nil)
    }

    /// One thread's writer.
    final class BandWriter {
        private let evaluator: RowEvaluator
        private let directCopy: DirectLeafCopy?
        private let decodedRows: YCbCrOutputRows?

        init(evaluator: RowEvaluator, directCopy: DirectLeafCopy?, decodedRows: YCbCrOutputRows?) {
            self.evaluator = evaluator
            self.directCopy = directCopy
            self.decodedRows = decodedRows
        }

        /// Writes memory rows `rows` (0 = the rect's top), row r's width × 4 bytes at `rowStart(r)`.
        func write(rows: Range<Int>, into rowStart: (Int) -> UnsafeMutablePointer<UInt8>) {
            if let decodedRows {
                decodedRows.render(rows: rows, into: rowStart)
                return
            }
            for row in rows {
                let start = rowStart(row)
                if directCopy?.copy(row: row, into: start) == true { continue }
                evaluator.evaluate(row: row) { column, colours in
                    guard let src = colours.baseAddress else { return }
                    packBytes(src, count: colours.count, into: start + column * 4)
                }
            }
        }
    }
}
