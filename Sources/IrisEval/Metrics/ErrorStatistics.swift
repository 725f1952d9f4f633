/// The summaries reports give of a list of errors. Empty lists give 0: reports leave the summary out
/// (nil) instead when nothing was measured.
enum ErrorStatistics {
    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The nearest-rank percentile: the smallest value with at least `fraction` of the values at or below it.
    static func percentile(_ fraction: Double, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// `part ÷ whole`, and 1 when `whole` is 0: with nothing to find nothing was missed, and with nothing
    /// reported nothing was wrong.
    static func ratio(_ part: Int, _ whole: Int) -> Double {
        whole == 0 ? 1 : Double(part) / Double(whole)
    }
}
