import IrisCore

extension Array where Element == SIMD2<Double> {
    /// Four cyclic corners in top-left coordinates named as a person sees them: clockwise on screen,
    /// starting from the corner nearest the top-left.
    func namedUpright() -> Quadrilateral {
        var c = self
        // Shoelace sum with y down: positive means clockwise on screen.
        var area = 0.0
        for k in 0..<4 { area += c[k].x * c[(k + 1) % 4].y - c[(k + 1) % 4].x * c[k].y }
        if area < 0 { c.reverse() }
        let first = c.indices.min { c[$0].x + c[$0].y < c[$1].x + c[$1].y } ?? 0
        let p = (0..<4).map { c[(first + $0) % 4] }.map { Point(x: $0.x, y: $0.y) }
        return Quadrilateral(topLeft: p[0], topRight: p[1], bottomLeft: p[3], bottomRight: p[2])
    }
}
