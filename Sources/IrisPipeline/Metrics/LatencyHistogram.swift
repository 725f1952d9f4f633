import Foundation

/// Milliseconds collected into logarithmic bins (2 % wide), so percentiles stay accurate to about 2 %
/// in constant memory however long a run lasts.
///
///     var h = LatencyHistogram(); h.add(12.5); h.percentile(0.99)
public struct LatencyHistogram: Sendable, Equatable {
    private static let smallest = 0.01, growth = 1.02, binCount = 1200
    private var bins = [Int](repeating: 0, count: LatencyHistogram.binCount)
    public private(set) var count = 0
    public private(set) var sum = 0.0
    public private(set) var maximum = 0.0

    public init() {}

    public mutating func add(_ milliseconds: Double) {
        guard milliseconds.isFinite else { return }
        let value = max(milliseconds, 0)
        bins[Self.bin(for: value)] += 1
        count += 1
        sum += value
        maximum = max(maximum, value)
    }

    public var mean: Double? { count > 0 ? sum / Double(count) : nil }

    /// The value below which `fraction` of the samples lie (the bin's geometric middle), nil when empty.
    public func percentile(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (i, n) in bins.enumerated() {
            seen += n
            if seen >= rank { return min(Self.middle(of: i), maximum) }
        }
        return maximum
    }

    static func bin(for value: Double) -> Int {
        guard value > smallest else { return 0 }
        return min(binCount - 1, Int(log(value / smallest) / log(growth)) + 1)
    }

    static func middle(of bin: Int) -> Double {
        bin == 0 ? smallest / 2 : smallest * pow(growth, Double(bin) - 0.5)
    }
}
