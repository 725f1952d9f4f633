/// A rectangle in Core Image coordinates: pixels, origin at the bottom-left, y up.
/// An extent may be infinite (generators, clamped images).
///
///     let r = Rect(x: 0, y: 0, width: 1920, height: 1080)
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public init(width: Int, height: Int) {
        self.init(x: 0, y: 0, width: Double(width), height: Double(height))
    }

    /// The plane: every point is inside.
    public static let infinite = Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)
    public static let empty = Rect(x: 0, y: 0, width: 0, height: 0)

    public var isInfinite: Bool { !width.isFinite || !height.isFinite || !x.isFinite || !y.isFinite }
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { isInfinite ? .infinity : x + width }
    public var maxY: Double { isInfinite ? .infinity : y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    public func intersection(_ other: Rect) -> Rect {
        if isInfinite { return other }
        if other.isInfinite { return self }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .empty }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        if isInfinite || other.isInfinite { return .infinite }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isInfinite { return self }
        let r = Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
        return r.isEmpty ? .empty : r
    }

    /// The smallest rectangle with integer edges that contains this one.
    public var integral: Rect {
        if isInfinite || isEmpty { return self }
        let x0 = (minX + 1e-6).rounded(.down), y0 = (minY + 1e-6).rounded(.down)
        let x1 = (maxX - 1e-6).rounded(.up), y1 = (maxY - 1e-6).rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ other: Rect) -> Bool {
        if isInfinite { return true }
        if other.isInfinite { return false }
        return other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    public var description: String {
        if isInfinite { return "[infinite]" }
        func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        return "[\(f(x)) \(f(y)) \(f(width)) \(f(height))]"
    }
}

/// A point in image coordinates (bottom-left origin).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public var description: String { "(\(x), \(y))" }
}
