import IrisCore

/// How every benchmark times a step: one warm-up run, then `iterations` timed runs, and their
/// median in milliseconds, with the last run's result (what a detector found, say).
///
///     let (ms, found) = try MedianTiming.measure(iterations: 20) { try detector.features(in: frame).count }
public enum MedianTiming {
    public static func measure<Result>(iterations: Int, _ body: () throws -> Result) rethrows -> (
        milliseconds: Double, result: Result
    ) {
        var result = try body()
        var samples: [Double] = []
        for _ in 0..<max(iterations, 1) {
            let start = ContinuousClock.now
            result = try body()
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        return (samples.sorted()[samples.count / 2], result)
    }
}
