/// Picks the best quadrilateral formed by two pairs of lines: convex, big enough, every side backed by
/// edges, and shaped like the requested aspect ratio.
struct QuadSearch {
    struct Candidate {
        /// Corners in cyclic order, pixel-index coordinates of the searched plane.
        var corners: [SIMD2<Double>]
        var lines: [Line]
        var score: Double
        var minimumCoverage: Double
        var meanCoverage: Double
    }

    let width: Int
    let height: Int
    /// The shortest side a quad may have, in pixels of the searched plane.
    let minimumSide: Double
    let aspectRatio: Double
    /// Every side must have at least this fraction of edge support; the mean must reach `meanCoverage`.
    let minimumCoverage: Double
    let meanCoverage: Double

    /// Opposite sides of a perspective-viewed rectangle stay within this angle of each other.
    static let maximumOppositeAngle = 40 * Double.pi / 180
    /// Interior angles of an acceptable quad stay within this range.
    static let interiorAngles = (30 * Double.pi / 180)...(150 * Double.pi / 180)

    func best(of supports: [LineSupport]) -> Candidate? {
        var pairs: [(Int, Int)] = []
        for i in supports.indices {
            for j in (i + 1)..<supports.count
            where supports[i].line.angle(to: supports[j].line) <= Self.maximumOppositeAngle {
                pairs.append((i, j))
            }
        }
        var best: Candidate?
        for p in pairs.indices {
            for q in (p + 1)..<pairs.count {
                let (a1, a2) = pairs[p], (b1, b2) = pairs[q]
                if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 { continue }
                // The two families must cross at a real angle, or the "quad" is a sliver.
                if supports[a1].line.angle(to: supports[b1].line) < Self.maximumOppositeAngle { continue }
                let sides = [supports[a1], supports[b1], supports[a2], supports[b2]]
                guard let candidate = evaluate(sides), candidate.score > (best?.score ?? 0) else { continue }
                best = candidate
            }
        }
        return best
    }

    private func evaluate(_ sides: [LineSupport]) -> Candidate? {
        var corners: [SIMD2<Double>] = []
        for k in 0..<4 {
            guard let c = sides[k].line.intersection(sides[(k + 1) % 4].line) else { return nil }
            // Corners may sit a little outside the plane (a card touching the border), not far.
            guard c.x > -2, c.y > -2, c.x < Double(width) + 1, c.y < Double(height) + 1 else { return nil }
            corners.append(c)
        }
        // Side k runs between corners k-1 and k (the intersections with its neighbours).
        var lengths: [Double] = [], coverages: [Double] = []
        var crossSign = 0.0
        for k in 0..<4 {
            let a = corners[(k + 3) % 4], b = corners[k], c = corners[(k + 1) % 4]
            let length = ((b - a) * (b - a)).sum().squareRoot()
            guard length >= minimumSide else { return nil }
            let u = a - b, v = c - b
            let cross = u.x * v.y - u.y * v.x
            if crossSign == 0 { crossSign = cross } else if cross * crossSign <= 0 { return nil }
            let cosine = (u * v).sum() / (((u * u).sum() * (v * v).sum()).squareRoot())
            guard Self.interiorAngles.contains(acos(min(max(cosine, -1), 1))) else { return nil }
            lengths.append(length)
            // The corners themselves blur; judge the side a few pixels in from each end.
            coverages.append(sides[k].coverage(from: a, to: b, trim: min(3, length / 8)))
        }
        let minCoverage = coverages.min() ?? 0, mean = coverages.reduce(0, +) / 4
        guard minCoverage >= minimumCoverage, mean >= meanCoverage else { return nil }
        let supported = zip(coverages, lengths).map { $0 * $1 }.reduce(0, +)
        let width = (lengths[0] + lengths[2]) / 2, height = (lengths[1] + lengths[3]) / 2
        let ratio = max(width, height) / max(min(width, height), 1)
        let wanted = max(aspectRatio, 1 / aspectRatio)
        let shape = 1 / (1 + 0.5 * abs(log(ratio / wanted)))
        let score = supported * shape * minCoverage
        return Candidate(
            corners: corners, lines: sides.map(\.line), score: score,
            minimumCoverage: minCoverage, meanCoverage: mean)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
