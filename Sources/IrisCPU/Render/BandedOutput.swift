import Synchronization

/// The output bytes of a render, written by the row-band threads in place. Each band writes only its own
/// rows, which is what makes the parallel writes safe; Swift cannot see that (a buffer pointer is not
/// `Sendable`), so this type states it and checks it: `withRows` traps when a band asks for rows that
/// overlap another band's claim. Writing rows in place replaced a per-band scratch buffer and a locked
/// copy that cost a whole extra pass over the output.
final class BandedOutput: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    private let byteCount: Int
    let bytesPerRow: Int
    /// Byte ranges already handed out.
    private let claimed = Mutex<[Range<Int>]>([])

    /// `base` must stay valid and unaliased for the object's lifetime (the caller's `withUnsafeMutableBytes`).
    init(base: UnsafeMutableRawPointer, byteCount: Int, bytesPerRow: Int) {
        self.base = base
        self.byteCount = byteCount
        self.bytesPerRow = bytesPerRow
    }

    /// Runs `body` with a pointer to byte `firstByte` of the output, for writes to `byteLength` bytes from
    /// there; those bytes belong to the caller until the output is finished.
    func withRows<R>(from firstByte: Int, byteLength: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let range = firstByte..<(firstByte + byteLength)
        precondition(firstByte >= 0 && range.upperBound <= byteCount, "band outside the output")
        claimed.withLock { ranges in
            precondition(!ranges.contains { $0.overlaps(range) }, "two bands claimed the same output rows")
            ranges.append(range)
        }
        return body(base + firstByte)
    }
}
