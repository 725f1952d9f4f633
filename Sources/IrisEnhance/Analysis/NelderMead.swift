/// The downhill simplex method (Nelder and Mead) for a handful of parameters: no derivatives, deterministic.
///
///     let best = NelderMead.minimise(start: [1, 1], steps: [0.1, 0.1]) { v in (v[0] - 2) * (v[0] - 2) + v[1] * v[1] }
enum NelderMead {
    /// The point found, after at most `evaluations` calls of `cost` or once the simplex's costs lie within
    /// `tolerance` of each other. `steps` are the first simplex's offsets from `start`, one per parameter.
    static func minimise(
        start: [Double], steps: [Double], evaluations: Int = 4000, tolerance: Double = 1e-7,
        cost: ([Double]) -> Double
    ) -> [Double] {
        let n = start.count
        var simplex = [start]
        for i in 0..<n {
            var vertex = start
            vertex[i] += steps[i]
            simplex.append(vertex)
        }
        var costs = simplex.map(cost)
        var used = n + 1
        func blend(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + t * ($1 - $0) } }
        while used < evaluations {
            let order = costs.indices.sorted { costs[$0] < costs[$1] }
            simplex = order.map { simplex[$0] }
            costs = order.map { costs[$0] }
            if costs[n] - costs[0] <= tolerance { break }
            var centroid = [Double](repeating: 0, count: n)
            for vertex in simplex.dropLast() { for i in 0..<n { centroid[i] += vertex[i] / Double(n) } }
            let reflected = blend(centroid, simplex[n], -1)
            let reflectedCost = cost(reflected)
            used += 1
            if reflectedCost < costs[0] {
                let expanded = blend(centroid, simplex[n], -2)
                let expandedCost = cost(expanded)
                used += 1
                (simplex[n], costs[n]) =
                    expandedCost < reflectedCost ? (expanded, expandedCost) : (reflected, reflectedCost)
            } else if reflectedCost < costs[n - 1] {
                (simplex[n], costs[n]) = (reflected, reflectedCost)
            } else {
                let outside = reflectedCost < costs[n]
                let contracted = blend(centroid, outside ? reflected : simplex[n], 0.5)
                let contractedCost = cost(contracted)
                used += 1
                if contractedCost < (outside ? reflectedCost : costs[n]) {
                    (simplex[n], costs[n]) = (contracted, contractedCost)
                } else {
                    for i in 1...n {
                        simplex[i] = blend(simplex[0], simplex[i], 0.5)
                        costs[i] = cost(simplex[i])
                    }
                    used += n
                }
            }
        }
        return simplex[costs.indices.min { costs[$0] < costs[$1] }!]
    }
}
