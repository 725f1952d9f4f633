import IrisCore

/// Four corners in image coordinates (bottom-left origin, y up), named as Core Image names a feature's
/// corners: as the feature itself is seen upright.
///
///     let centre = feature.corners.centroid
public struct Quadrilateral: Sendable, Hashable, CustomStringConvertible {
    public var topLeft: Point
    public var topRight: Point
    public var bottomLeft: Point
    public var bottomRight: Point

    public init(topLeft: Point, topRight: Point, bottomLeft: Point, bottomRight: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// The corners in drawing order: top-left, top-right, bottom-right, bottom-left.
    public var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    public var bounds: Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    public var centroid: Point {
        Point(x: points.map(\.x).reduce(0, +) / 4, y: points.map(\.y).reduce(0, +) / 4)
    }

    /// The length of the longer diagonal, the scale corner errors are measured against.
    public var diagonal: Double {
        max(distance(topLeft, bottomRight), distance(topRight, bottomLeft))
    }

    public func applying(_ transform: AffineTransform) -> Quadrilateral {
        Quadrilateral(
            topLeft: transform.apply(topLeft), topRight: transform.apply(topRight),
            bottomLeft: transform.apply(bottomLeft), bottomRight: transform.apply(bottomRight))
    }

    public var description: String { "TL\(topLeft) TR\(topRight) BR\(bottomRight) BL\(bottomLeft)" }
}

func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
