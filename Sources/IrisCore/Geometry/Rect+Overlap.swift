extension Rect {
    /// Intersection over union of two axis-aligned boxes, 0…1: the overlap every match is judged by
    /// (PASCAL VOC, MOT). Two empty boxes overlap 0.
    ///
    ///     Rect(x: 0, y: 0, width: 10, height: 10).intersectionOverUnion(Rect(x: 5, y: 0, width: 10, height: 10))  // 50 / 150
    public func intersectionOverUnion(_ other: Rect) -> Double {
        let width = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
        let height = Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY)
        guard width > 0, height > 0, !isInfinite, !other.isInfinite else { return 0 }
        let overlap = width * height
        return overlap / (self.width * self.height + other.width * other.height - overlap)
    }
}
