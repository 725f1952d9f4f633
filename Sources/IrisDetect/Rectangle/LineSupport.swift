/// How much of a line is backed by edge pixels whose gradient agrees with it, as a running sum along the
/// line, so the support of any segment is one subtraction.
struct LineSupport {
    let line: Line
    /// Position along `line.direction` of the first sample.
    private let start: Double
    /// prefix[k] = supported samples among the first k (1-pixel steps along the line).
    private let prefix: [Int32]

    /// Gradients within this angle of the line's normal count as support (Sobel on blurred edges wobbles).
    static let angleTolerance: Float = 12 * .pi / 180

    init(line: Line, map: GradientMap) {
        self.line = line
        let n = line.normal, d = line.direction
        let diagonal = Double(map.width + map.height)
        start = -diagonal
        let count = Int(2 * diagonal)
        var prefix = [Int32](repeating: 0, count: count + 1)
        let theta = Float(line.theta)
        var running: Int32 = 0
        for k in 0..<count {
            let t = start + Double(k)
            let p = n * line.rho + d * t
            var supported = false
            // Accept an agreeing edge pixel up to one pixel either side of the line.
            for offset in -1...1 where !supported {
                let q = p + n * Double(offset)
                let x = Int(q.x.rounded()), y = Int(q.y.rounded())
                guard x >= 0, y >= 0, x < map.width, y < map.height else { continue }
                let i = y * map.width + x
                guard map.isEdge[i] != 0 else { continue }
                var diff = abs(map.angle[i] - theta)
                if diff > .pi / 2 { diff = .pi - diff }
                supported = diff <= Self.angleTolerance
            }
            if supported { running += 1 }
            prefix[k + 1] = running
        }
        self.prefix = prefix
    }

    /// Fraction of the segment between two points on the line (ends trimmed by `trim` pixels) with support.
    func coverage(from a: SIMD2<Double>, to b: SIMD2<Double>, trim: Double) -> Double {
        let d = line.direction
        var t0 = (a * d).sum() - start, t1 = (b * d).sum() - start
        if t0 > t1 { swap(&t0, &t1) }
        t0 += trim
        t1 -= trim
        let k0 = max(Int(t0.rounded()), 0), k1 = min(Int(t1.rounded()), prefix.count - 1)
        guard k1 > k0 else { return 0 }
        return Double(prefix[k1] - prefix[k0]) / Double(k1 - k0)
    }
}
