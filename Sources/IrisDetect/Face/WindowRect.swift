/// An axis-aligned box in whole pixels, top-left origin: what the window scan and grouping work in.
struct WindowRect: Sendable, Hashable {
    var x, y, width, height: Int

    var area: Int { width * height }

    /// Intersection over union, the overlap measure used for scoring and tracking.
    func overlap(_ other: WindowRect) -> Double {
        let w = min(x + width, other.x + other.width) - max(x, other.x)
        let h = min(y + height, other.y + other.height) - max(y, other.y)
        guard w > 0, h > 0 else { return 0 }
        let shared = Double(w * h)
        return shared / (Double(area + other.area) - shared)
    }
}
