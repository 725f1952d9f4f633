extension Duration {
    /// The duration in milliseconds, as benchmarks, metrics and reports print it.
    ///
    ///     let ms = (ContinuousClock.now - start).milliseconds
    public var milliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
    }
}
