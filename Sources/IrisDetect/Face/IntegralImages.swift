/// Summed-area tables of one picture, (width + 1) × (height + 1) with a zero first row and column, so any
/// rectangle's sum is four lookups whatever its size. The squared table gives a window's variance (for
/// contrast normalisation); the tilted one (45° rotated, OpenCV's definition) serves rotated Haar features.
/// All are 32-bit and may wrap: differences of wrapped values are still exact for window-sized areas.
/// The tilted table, when made, follows the upright one in `sum`, so one base pointer reaches both.
struct IntegralImages: Sendable {
    let width: Int
    let height: Int
    /// Elements per row of every table: width + 1.
    let stride: Int
    let sum: [Int32]
    let squares: [Int32]
    /// Where the tilted table starts inside `sum` (0 when there is none).
    let tiltedOffset: Int

    init(_ plane: LumaPlane, tilted wantsTilted: Bool) {
        width = plane.width; height = plane.height; stride = width + 1
        var sum = [Int32](repeating: 0, count: stride * (height + 1))
        var squares = sum
        let (w, h, s) = (width, height, stride)
        plane.bytes.withUnsafeBufferPointer { src in
            sum.withUnsafeMutableBufferPointer { S in
                squares.withUnsafeMutableBufferPointer { Q in
                    for y in 0..<h {
                        var rowSum: Int32 = 0, rowSquares: Int32 = 0
                        let above = y * s, here = (y + 1) * s, srcRow = y * plane.bytesPerRow
                        for x in 0..<w {
                            let v = Int32(src[srcRow + x])
                            rowSum &+= v; rowSquares &+= v &* v
                            S[here + x + 1] = S[above + x + 1] &+ rowSum
                            Q[here + x + 1] = Q[above + x + 1] &+ rowSquares
                        }
                    }
                }
            }
        }
        tiltedOffset = wantsTilted ? sum.count : 0
        if wantsTilted { sum += Self.tiltedTable(plane) }
        self.sum = sum; self.squares = squares
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
