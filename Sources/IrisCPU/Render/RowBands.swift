import Dispatch

/// A split of a pass's rows into one contiguous band per thread, so each thread builds its evaluator
/// once and writes rows no other thread touches.
struct RowBands: Sendable {
    let rowCount: Int
    let rowsPerBand: Int
    var count: Int { rowsPerBand == 0 ? 0 : (rowCount + rowsPerBand - 1) / rowsPerBand }

    /// `rowsMultipleOf` rounds each band up to a multiple (2 for 4:2:0 output, whose row pairs share chroma).
    init(rows: Int, threads: Int, rowsMultipleOf multiple: Int = 1) {
        rowCount = rows
        let even = rows == 0 ? 0 : (rows + max(threads, 1) - 1) / max(threads, 1)
        rowsPerBand = (even + multiple - 1) / multiple * multiple
    }

    /// Memory rows (0 = top of the pass rect) of band `index`.
    func rows(of index: Int) -> Range<Int> {
        index * rowsPerBand..<min((index + 1) * rowsPerBand, rowCount)
    }

    /// Runs `body` for every band, in parallel when there is more than one.
    func forEach(_ body: @Sendable (Int) -> Void) {
        if count == 1 {
            body(0)
            return
        }
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
}
