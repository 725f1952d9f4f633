/// Moves a coarse quad's sides onto the full-resolution edges: along each side it finds the steepest
/// step across the side (sub-pixel), fits a line through those points, and intersects neighbouring lines.
struct EdgeRefinement {
    let luma: LumaPlane
    /// How far either side of the coarse side to look, in full-resolution pixels.
    let searchRadius: Double

    static let samplesPerSide = 40

    /// `corners` in continuous top-left coordinates (pixel edges at integers), cyclic order.
    func refine(_ corners: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var lines: [(point: SIMD2<Double>, direction: SIMD2<Double>)] = []
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            guard let fitted = fitSide(from: a, to: b) else { return corners }
            lines.append(fitted)
        }
        var refined: [SIMD2<Double>] = []
        for k in 0..<4 {
            // Corner k+1 lies on sides k and k+1.
            guard let c = Self.intersect(lines[k], lines[(k + 1) % 4]) else { return corners }
            refined.append(c)
        }
        // Corner k+1 was computed at index k; rotate back so corner order is unchanged.
        let result = [refined[3], refined[0], refined[1], refined[2]]
        // A refinement that moves a corner further than the search could justify has locked onto something else.
        for (r, c) in zip(result, corners) where ((r - c) * (r - c)).sum().squareRoot() > 3 * searchRadius {
            return corners
        }
        return result
    }

    private func fitSide(from a: SIMD2<Double>, to b: SIMD2<Double>) -> (
        point: SIMD2<Double>, direction: SIMD2<Double>
    )? {
        let length = ((b - a) * (b - a)).sum().squareRoot()
        guard length > 4 else { return nil }
        let d = (b - a) / length, n = SIMD2(-d.y, d.x)
        var points: [SIMD2<Double>] = [], strengths: [Double] = []
        for s in 0..<Self.samplesPerSide {
            let m = a + (b - a) * (0.1 + 0.8 * Double(s) / Double(Self.samplesPerSide - 1))
            if let (offset, strength) = steepestStep(at: m, normal: n, tangent: d) {
                points.append(m + n * offset)
                strengths.append(strength)
            }
        }
        guard points.count >= Self.samplesPerSide / 3 else { return nil }
        // Weak responses are texture or shadow, not the outline.
        let sorted = strengths.sorted()
        let floor = sorted[sorted.count / 2] * 0.4
        var kept = zip(points, strengths).filter { $0.1 >= floor }.map(\.0)
        guard var line = Self.fitLine(kept) else { return nil }
        // One round of outlier rejection: drop points more than a pixel off the first fit.
        kept = kept.filter { abs(((($0 - line.point) * SIMD2(-line.direction.y, line.direction.x))).sum()) <= 1.0 }
        if kept.count >= Self.samplesPerSide / 4, let second = Self.fitLine(kept) { line = second }
        return line
    }

    /// The offset along `normal` (−radius…radius) with the largest brightness step, averaged over a short
    /// stretch along the side, and the step's size.
    private func steepestStep(at m: SIMD2<Double>, normal n: SIMD2<Double>, tangent d: SIMD2<Double>) -> (
        Double, Double
    )? {
        let step = 0.5
        let count = Int(searchRadius / step) * 2 + 1
        var profile = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let offset = (Double(i) - Double(count / 2)) * step
            var sum = 0.0
            for j in -2...2 {
                guard let v = sample(m + n * offset + d * Double(j)) else { return nil }
                sum += v
            }
            profile[i] = sum / 5
        }
        var bestIndex = -1, best = 0.0
        var steps = [Double](repeating: 0, count: count)
        for i in 1..<(count - 1) {
            steps[i] = abs(profile[i + 1] - profile[i - 1])
            if steps[i] > best {
                best = steps[i]
                bestIndex = i
            }
        }
        guard bestIndex > 1, bestIndex < count - 2, best > 1 else { return nil }
        // Parabola through the peak and its neighbours for a sub-sample position.
        let l = steps[bestIndex - 1], c = steps[bestIndex], r = steps[bestIndex + 1]
        let denominator = l - 2 * c + r
        let shift = abs(denominator) > 1e-9 ? 0.5 * (l - r) / denominator : 0
        return ((Double(bestIndex) + min(max(shift, -0.5), 0.5) - Double(count / 2)) * step, best)
    }

    /// Bilinear luma at a continuous top-left position (pixel centres at +0.5), nil outside the plane.
    private func sample(_ p: SIMD2<Double>) -> Double? {
        let x = p.x - 0.5, y = p.y - 0.5
        guard x >= 0, y >= 0, x < Double(luma.width - 1), y < Double(luma.height - 1) else { return nil }
        let x0 = Int(x), y0 = Int(y), fx = x - Double(x0), fy = y - Double(y0)
        let r = luma.bytesPerRow, i = y0 * r + x0
        let a = Double(luma.bytes[i]), b = Double(luma.bytes[i + 1])
        let c = Double(luma.bytes[i + r]), e = Double(luma.bytes[i + r + 1])
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + e * fx) * fy
    }

    /// Total least squares: the line through the centroid along the points' principal direction.
    static func fitLine(_ points: [SIMD2<Double>]) -> (point: SIMD2<Double>, direction: SIMD2<Double>)? {
        guard points.count >= 2 else { return nil }
        let centroid = points.reduce(SIMD2<Double>.zero, +) / Double(points.count)
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            let q = p - centroid
            sxx += q.x * q.x
            sxy += q.x * q.y
            syy += q.y * q.y
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (centroid, SIMD2(cos(angle), sin(angle)))
    }

    static func intersect(
        _ a: (point: SIMD2<Double>, direction: SIMD2<Double>),
        _ b: (point: SIMD2<Double>, direction: SIMD2<Double>)
    ) -> SIMD2<Double>? {
        let det = a.direction.x * b.direction.y - a.direction.y * b.direction.x
        guard abs(det) > 1e-9 else { return nil }
        let w = b.point - a.point
        let t = (w.x * b.direction.y - w.y * b.direction.x) / det
        return a.point + a.direction * t
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
