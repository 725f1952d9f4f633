/// Places labels on a frame: each next to the feature it names (below its box, else above, else inside),
/// kept inside the frame, and never over another label. A label with no free place is left out rather
/// than drawn over another. Works in top-left pixel coordinates (rows down), as text is laid out.
///
///     let spots = LabelLayout.place([(box, size)], frameWidth: 640, frameHeight: 480)
public enum LabelLayout {
    /// A rectangle in whole pixels, top-left origin.
    public struct Box: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        public var maxX: Int { x + width }
        public var maxY: Int { y + height }
        public func intersects(_ other: Box) -> Bool {
            x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
        }
    }

    /// For each request (the feature's box and the label's size), where its label goes, or nil.
    public static func place(_ requests: [(anchor: Box, width: Int, height: Int)], frameWidth: Int, frameHeight: Int)
        -> [Box?]
    {
        var taken: [Box] = []
        return requests.map { request in
            let w = min(request.width, frameWidth), h = request.height
            guard h <= frameHeight, w > 0 else { return nil }
            let a = request.anchor
            let gap = 2
            func inside(_ x: Int, _ y: Int) -> Box {
                Box(x: min(max(x, 0), frameWidth - w), y: min(max(y, 0), frameHeight - h), width: w, height: h)
            }
            // Below the feature, else above, where they fit without being pushed; then inside its top edge.
            var candidates: [Box] = []
            if a.maxY + gap + h <= frameHeight { candidates.append(inside(a.x, a.maxY + gap)) }
            if a.y - h - gap >= 0 { candidates.append(inside(a.x, a.y - h - gap)) }
            candidates.append(inside(a.x, a.y + gap))
            // Then slide down from the preferred spot, then up, half a line at a time.
            let step = max(1, h / 2)
            for k in 1...max(1, frameHeight / step) {
                candidates.append(inside(a.x, a.maxY + gap + k * step))
                candidates.append(inside(a.x, a.y - h - gap - k * step))
                candidates.append(inside(a.x, a.y + gap + k * step))
            }
            guard let spot = candidates.first(where: { c in !taken.contains(where: { $0.intersects(c) }) }) else {
                return nil
            }
            taken.append(spot)
            return spot
        }
    }
}
