/// A straight line x·cos θ + y·sin θ = ρ in a plane's pixel-index coordinates (y down); θ is the normal's angle.
struct Line {
    var theta: Double
    var rho: Double
    var votes: Int

    var normal: SIMD2<Double> { SIMD2(cos(theta), sin(theta)) }
    var direction: SIMD2<Double> { SIMD2(-sin(theta), cos(theta)) }

    /// Where two lines cross, or nil when they are nearly parallel.
    func intersection(_ other: Line) -> SIMD2<Double>? {
        let a = normal, b = other.normal
        let det = a.x * b.y - a.y * b.x
        guard abs(det) > 1e-6 else { return nil }
        return SIMD2((rho * b.y - other.rho * a.y) / det, (a.x * other.rho - b.x * rho) / det)
    }

    /// The angle between two lines, 0…π/2.
    func angle(to other: Line) -> Double {
        var d = abs(theta - other.theta).truncatingRemainder(dividingBy: .pi)
        if d > .pi / 2 { d = .pi - d }
        return d
    }
}

/// The strongest straight lines of a gradient map by a Hough transform in which each edge pixel votes only
/// near its own gradient direction, so texture and text add little to long straight outlines.
enum HoughLines {
    static let angleBins = 180
    /// How many angle bins either side of a pixel's gradient direction it votes for (1° bins).
    static let angleSpread = 3

    static func find(in map: GradientMap, minimumVotes: Int, maximumLines: Int) -> [Line] {
        let diagonal = Int((Double(map.width * map.width + map.height * map.height)).squareRoot()) + 1
        let rhoBins = 2 * diagonal + 1
        var accumulator = [Int32](repeating: 0, count: angleBins * rhoBins)
        let cosines = (0..<angleBins).map { cos(Double($0) * .pi / Double(angleBins)) }
        let sines = (0..<angleBins).map { sin(Double($0) * .pi / Double(angleBins)) }
        for index in map.edgePixels {
            let i = Int(index), x = Double(i % map.width), y = Double(i / map.width)
            let centre = Int((Double(map.angle[i]) / .pi * Double(angleBins)).rounded())
            for t in (centre - angleSpread)...(centre + angleSpread) {
                // Angles wrap at π; ρ is measured with the wrapped bin's own angle, so no sign fix is needed.
                let bin = (t + angleBins) % angleBins
                let rho = x * cosines[bin] + y * sines[bin]
                let r = Int(rho.rounded()) + diagonal
                if r >= 0 && r < rhoBins { accumulator[bin * rhoBins + r] += 1 }
            }
        }
        // Peaks: local maxima over ±2 angle bins and ±2 ρ bins.
        var peaks: [Line] = []
        for a in 0..<angleBins {
            for r in 2..<(rhoBins - 2) {
                let v = accumulator[a * rhoBins + r]
                guard v >= minimumVotes else { continue }
                var isPeak = true
                search: for da in -2...2 {
                    let aa = (a + da + angleBins) % angleBins
                    let wraps = a + da < 0 || a + da >= angleBins
                    for dr in -2...2 where !(da == 0 && dr == 0) {
                        let rr = wraps ? (rhoBins - 1 - (r + dr)) : r + dr
                        guard rr >= 0 && rr < rhoBins else { continue }
                        let other = accumulator[aa * rhoBins + rr]
                        if other > v || (other == v && (da, dr) < (0, 0)) {
                            isPeak = false
                            break search
                        }
                    }
                }
                if isPeak {
                    peaks.append(
                        Line(theta: Double(a) * .pi / Double(angleBins), rho: Double(r - diagonal), votes: Int(v)))
                }
            }
        }
        peaks.sort { $0.votes > $1.votes }
        // Drop near-duplicates of stronger lines (within 4° and 6 px).
        var kept: [Line] = []
        for p in peaks where kept.count < maximumLines {
            let duplicate = kept.contains { k in
                let dTheta = abs(k.theta - p.theta)
                if dTheta < 4 * .pi / 180 { return abs(k.rho - p.rho) < 6 }
                if dTheta > .pi - 4 * .pi / 180 { return abs(k.rho + p.rho) < 6 }
                return false
            }
            if !duplicate { kept.append(p) }
        }
        return kept
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
