import IrisCore

/// A rectangle's edges as plain numbers (±infinity for unbounded sides), for per-point and per-row tests.
/// A point is inside when min ≤ p < max on both axes; NaN points are outside.
struct ExtentBounds: Sendable {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let isEmpty: Bool
    /// The same edges in Float for per-point tests (integral edges are exact in Float up to 2²⁴).
    private let lowerFloat: SIMD2<Float>, upperFloat: SIMD2<Float>

    init(_ rect: Rect) {
        // Rect reports an infinite maxX/maxY for any infinite rect; keep each side's own value instead.
        minX = rect.x
        minY = rect.y
        maxX = rect.width.isInfinite ? .infinity : rect.x + rect.width
        maxY = rect.height.isInfinite ? .infinity : rect.y + rect.height
        isEmpty = !(maxX > minX && maxY > minY)
        lowerFloat = SIMD2(Float(minX), Float(minY))
        upperFloat = SIMD2(Float(maxX), Float(maxY))
    }

    @inline(__always)
    func contains(_ p: SIMD2<Float>) -> Bool {
        p.x >= lowerFloat.x && p.x < upperFloat.x && p.y >= lowerFloat.y && p.y < upperFloat.y
    }

    @inline(__always)
    func containsColumn(_ x: Float) -> Bool { x >= lowerFloat.x && x < upperFloat.x }

    @inline(__always)
    func containsRow(centre y: Double) -> Bool { y >= minY && y < maxY }

    /// Which of the pixel centres x0 + i + 0.5, i in 0..<count, lie inside horizontally.
    func columns(x0: Int, count: Int) -> Range<Int> {
        let lo = (minX - 0.5 - Double(x0)).rounded(.up)
        let hi = (maxX - 0.5 - Double(x0)).rounded(.up)
        let a = Int(min(max(lo, 0), Double(count)))
        let b = Int(min(max(hi, 0), Double(count)))
        return a < b ? a..<b : a..<a
    }

    /// True when the rectangle covers every pixel of `rect` (an integral rect).
    func covers(_ rect: Rect) -> Bool {
        rect.isEmpty
            || (minX <= rect.x && minY <= rect.y && maxX >= rect.x + rect.width && maxY >= rect.y + rect.height)
    }
}
