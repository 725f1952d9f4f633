import IrisCore
import IrisFilters

/// Five CIToneCurve points whose curve follows a `ToneAnalysis` rule closely at every 8-bit input.
///
/// Cost, in sRGB code values over the 256 inputs: the mean distance between the curve CIToneCurve renders
/// through the points (`ToneCurveSpline`, clamped as the filter's output is) and the rule, plus a tenth of the
/// largest distance (so no input is left far off for the mean's sake). All ten coordinates move (the first
/// point may move left of where the rule leaves black), from the points sampled on the rule, by the
/// downhill simplex method; the result is deterministic for a given rule.
struct ToneCurveFit {
    let inputs: [Double]
    let targets: [Double]

    init(_ tone: ToneAnalysis) {
        inputs = (0...255).map { code in
            Double(TransferFunction.sRGBToLinear(Float(code) / 255)).squareRoot()
        }
        targets = inputs.map { p in
            let q = tone.map(p)
            return Double(TransferFunction.linearToSRGB(Float(q * q))) * 255
        }
    }

    func cost(_ points: [(Double, Double)]) -> Double {
        let spline = ToneCurveSpline(points: points)
        var sum = 0.0, largest = 0.0
        for (p, target) in zip(inputs, targets) {
            let q = spline(p)
            let linear = min(1, max(0, q * abs(q)))
            let error = abs(Double(TransferFunction.linearToSRGB(Float(linear))) * 255 - target)
            sum += error
            largest = max(largest, error)
        }
        return sum / Double(inputs.count) + 0.1 * largest
    }

    func points(from start: [(Double, Double)]) -> [(Double, Double)] {
        let span = max(1e-3, start[start.count - 1].0 - start[0].0)
        func unpack(_ v: [Double]) -> [(Double, Double)] { (0..<5).map { (v[$0], v[5 + $0]) } }
        let best = NelderMead.minimise(
            start: start.map(\.0) + start.map(\.1),
            steps: [Double](repeating: 0.02 * span, count: 5) + [Double](repeating: 0.01, count: 5)
        ) { v in
            let xs = v[0..<5].sorted()
            guard zip(xs, xs.dropFirst()).allSatisfy({ $1 - $0 >= 1e-3 }) else { return .infinity }
            return cost(unpack(v))
        }
        let fitted = unpack(best).sorted { $0.0 < $1.0 }
        return cost(fitted) < cost(start) ? fitted : start
    }
}
