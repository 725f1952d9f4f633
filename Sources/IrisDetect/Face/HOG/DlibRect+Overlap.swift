extension DlibRect {
    /// The common part (empty, with zero area, when the two do not meet).
    func intersection(_ other: DlibRect) -> DlibRect {
        DlibRect(left: max(left, other.left), top: max(top, other.top),
                 right: min(right, other.right), bottom: min(bottom, other.bottom))
    }

    /// The smallest rectangle holding both (dlib's `a + b`).
    func union(_ other: DlibRect) -> DlibRect {
        DlibRect(left: min(left, other.left), top: min(top, other.top),
                 right: max(right, other.right), bottom: max(bottom, other.bottom))
    }
}
