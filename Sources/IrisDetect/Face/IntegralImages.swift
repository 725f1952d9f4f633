/// Summed-area tables of one picture, (width + 1) × (height + 1) with a zero first row and column, so any
/// rectangle's sum is four lookups whatever its size. The squared table gives a window's variance (for
/// contrast normalisation); the tilted one (45° rotated, OpenCV's definition) serves rotated Haar features.
/// All are 32-bit and may wrap: differences of wrapped values are still exact for window-sized areas.
/// The tilted table, when made, follows the upright one in `sum`, so one base pointer reaches both.
///
/// Columns are stored phase by phase (`layout`): with phase count p, each row holds columns 0, p, 2p, …
/// then 1, p + 1, …, and so on. Windows that step p pixels then sit at consecutive addresses, so one vector
/// load reads the same corner of 8 neighbouring windows (`CascadeBatch`).
struct IntegralImages: Sendable {
    /// Where a table entry lives: `index(column:row:)` for absolute entries, `offset(dx:dy:)` for entries
    /// relative to a window whose left edge is a multiple of `phases`, `origin(step:row:)` for that window.
    struct Layout: Sendable, Equatable {
        let phases: Int
        /// Entries per phase in a row: ⌈(width + 1) / phases⌉.
        let phaseWidth: Int
        /// Entries per row: phases × phaseWidth.
        let rowStride: Int
        /// Where the tilted table starts inside `sum` (0 when there is none).
        var tiltedOffset = 0

        init(width: Int, phases: Int) {
            self.phases = max(phases, 1)
            phaseWidth = (width + 1 + self.phases - 1) / self.phases
            rowStride = phaseWidth * self.phases
        }

        @inline(__always)
        func index(column: Int, row: Int) -> Int { offset(dx: column, dy: row) }

        /// Floor division keeps offsets right for corners left of the window (tilted features).
        @inline(__always)
        func offset(dx: Int, dy: Int) -> Int {
            // Cascades compile millions of offsets a second; spare them a division in the usual cases.
            switch phases {
            case 1: return dy * rowStride + dx
            case 2: return dy * rowStride + (dx & 1) * phaseWidth + (dx >> 1)
            default:
                let phase = ((dx % phases) + phases) % phases
                return dy * rowStride + phase * phaseWidth + (dx - phase) / phases
            }
        }

        /// The window whose top-left corner is column `step × phases`, `row`.
        @inline(__always)
        func origin(step: Int, row: Int) -> Int { row * rowStride + step }
    }

    let width: Int
    let height: Int
    let layout: Layout
    let sum: [Int32]
    let squares: [Int32]
    var tiltedOffset: Int { layout.tiltedOffset }

    /// Vector loads of the last windows in a row may read this many entries past the table.
    static let padding = 16

    init(_ plane: LumaPlane, tilted wantsTilted: Bool, phases: Int = 1) {
        width = plane.width
        height = plane.height
        var layout = Layout(width: width, phases: phases)
        let (w, h) = (width, height)
        // Where each column lands in a row of the layout, so the tables are written in place.
        let column = (0...w).map { layout.index(column: $0, row: 0) }
        let size = layout.rowStride * (h + 1) + Self.padding
        var sum = [Int32](repeating: 0, count: size)
        var squares = sum
        plane.bytes.withUnsafeBufferPointer { src in
            column.withUnsafeBufferPointer { column in
                sum.withUnsafeMutableBufferPointer { S in
                    squares.withUnsafeMutableBufferPointer { Q in
                        for y in 0..<h {
                            var rowSum: Int32 = 0, rowSquares: Int32 = 0
                            let above = y * layout.rowStride, here = above + layout.rowStride,
                                srcRow = y * plane.bytesPerRow
                            for x in 0..<w {
                                let v = Int32(src[srcRow + x]), c = column[x + 1]
                                rowSum &+= v
                                rowSquares &+= v &* v
                                S[here + c] = S[above + c] &+ rowSum
                                Q[here + c] = Q[above + c] &+ rowSquares
                            }
                        }
                    }
                }
            }
        }
        if wantsTilted {
            layout.tiltedOffset = sum.count
            let tilted = Self.tiltedTable(plane)
            var laidOut = [Int32](repeating: 0, count: size)
            for y in 0...h { for x in 0...w { laidOut[y * layout.rowStride + column[x]] = tilted[y * (w + 1) + x] } }
            sum += laidOut
        }
        self.layout = layout
        self.sum = sum
        self.squares = squares
    }

    /// T(X, Y) = Σ I(x, y) over y < Y and |x − X + 1| ≤ Y − y − 1: the triangle above (X − 1, Y − 1).
    /// Built with T(X,Y) = T(X−1,Y−1) + T(X+1,Y−1) − T(X,Y−2) + I(X−1,Y−1) + I(X−1,Y−2), on rows padded
    /// left and right by the height, since the recurrence reaches one column further out per row up.
    private static func tiltedTable(_ plane: LumaPlane) -> [Int32] {
        let w = plane.width, h = plane.height, pad = h + 2, pw = w + 1 + 2 * pad
        var t = [Int32](repeating: 0, count: pw * (h + 1))
        func pixel(_ x: Int, _ y: Int) -> Int32 {
            x >= 0 && x < w && y >= 0 && y < h ? Int32(plane.bytes[y * plane.bytesPerRow + x]) : 0
        }
        for Y in 1...max(h, 1) where h > 0 {
            for X in (-pad + 1)..<(w + 1 + pad - 1) {
                let i = Y * pw + X + pad
                var v = t[i - pw - 1] &+ t[i - pw + 1] &+ pixel(X - 1, Y - 1)
                if Y >= 2 { v = v &- t[i - 2 * pw] &+ pixel(X - 1, Y - 2) }
                t[i] = v
            }
        }
        var out = [Int32](repeating: 0, count: (w + 1) * (h + 1))
        for Y in 0...h { for X in 0...w { out[Y * (w + 1) + X] = t[Y * pw + X + pad] } }
        return out
    }
}
