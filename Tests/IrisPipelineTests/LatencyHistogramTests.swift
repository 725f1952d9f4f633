import IrisPipeline
import Testing

@Suite struct LatencyHistogramTests {
    @Test func percentilesOfAKnownSpreadAreWithinTheBinWidth() {
        var h = LatencyHistogram()
        for v in 1...1000 { h.add(Double(v) / 10) }  // 0.1 … 100 ms, uniform
        let p50 = try! #require(h.percentile(0.5)), p99 = try! #require(h.percentile(0.99))
        #expect(abs(p50 - 50) / 50 < 0.02)
        #expect(abs(p99 - 99) / 99 < 0.02)
        #expect(h.count == 1000)
        #expect(h.maximum == 100)
        #expect(abs((h.mean ?? 0) - 50.05) < 1e-9)
    }

    @Test func anEmptyHistogramHasNoPercentile() {
        #expect(LatencyHistogram().percentile(0.5) == nil)
    }
}
