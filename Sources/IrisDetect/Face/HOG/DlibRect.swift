/// dlib's inclusive integer rectangle (left, top, right, bottom), and the few geometry helpers its HOG
/// scanner uses. Top-left origin, as dlib's images are. Empty when `left > right` or `top > bottom`; like
/// dlib, an empty rectangle has width, height and area 0.
struct DlibRect: Equatable, Sendable {
    var left, top, right, bottom: Int

    init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// dlib's `rectangle(w, h)`: the rectangle of a `width` × `height` picture, (0, 0, w − 1, h − 1).
    init(width: Int, height: Int) { self.init(left: 0, top: 0, right: width - 1, bottom: height - 1) }

    /// dlib's `rectangle(p1, p2)`: the smallest rectangle holding both points (it orders the corners).
    init(corner a: (x: Int, y: Int), _ b: (x: Int, y: Int)) {
        self.init(left: min(a.x, b.x), top: min(a.y, b.y), right: max(a.x, b.x), bottom: max(a.y, b.y))
    }

    var isEmpty: Bool { top > bottom || left > right }
    /// `right − left + 1`, or 0 when the rectangle is empty (`rectangle::width`).
    var width: Int { isEmpty ? 0 : right - left + 1 }
    /// `bottom − top + 1`, or 0 when the rectangle is empty (`rectangle::height`).
    var height: Int { isEmpty ? 0 : bottom - top + 1 }
    var area: Int { width * height }

    /// dlib::centered_rect(point(x, y), width, height): `width × height` with (x, y) at its centre, the
    /// odd pixel going to the right and bottom.
    static func centered(at x: Int, _ y: Int, width: Int, height: Int) -> DlibRect {
        let left = x - width / 2, top = y - height / 2
        return DlibRect(left: left, top: top, right: left + width - 1, bottom: top + height - 1)
    }

    /// dlib::center(rect): the middle pixel, rounding half-way points towards +∞ (for negative sums too,
    /// which dlib shifts before its truncating division).
    var center: (x: Int, y: Int) {
        var x = left + right + 1, y = top + bottom + 1
        if x < 0 { x -= 1 }
        if y < 0 { y -= 1 }
        return (x / 2, y / 2)
    }

    /// dlib::grow_rect / shrink_rect by `amount` on every side.
    func grown(by amount: Int) -> DlibRect {
        DlibRect(left: left - amount, top: top - amount, right: right + amount, bottom: bottom + amount)
    }

    /// dlib's `drectangle` → `rectangle` conversion: each coordinate to `floor(v + 0.5)`.
    init(rounding l: Double, _ t: Double, _ r: Double, _ b: Double) {
        self.init(
            left: Int((l + 0.5).rounded(.down)), top: Int((t + 0.5).rounded(.down)),
            right: Int((r + 0.5).rounded(.down)), bottom: Int((b + 0.5).rounded(.down)))
    }
}

extension DlibRect {
    /// The common part (empty, with zero area, when the two do not meet).
    func intersection(_ other: DlibRect) -> DlibRect {
        DlibRect(
            left: max(left, other.left), top: max(top, other.top),
            right: min(right, other.right), bottom: min(bottom, other.bottom))
    }

    /// The smallest rectangle holding both (dlib's `a + b`).
    func union(_ other: DlibRect) -> DlibRect {
        DlibRect(
            left: min(left, other.left), top: min(top, other.top),
            right: max(right, other.right), bottom: max(bottom, other.bottom))
    }
}
