import IrisCore

/// The Euclidean distance between two points, in pixels.
enum PlaneDistance {
    static func between(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
