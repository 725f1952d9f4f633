import IrisCore

extension FilterSpec {
    /// The spec checked as `Filter` would check it when applied: the name is a registered filter, each key
    /// one of its inputs, each value of the input's type and within its range. A pipeline checks its chain
    /// this way before it opens anything, so a bad filter fails the run at once, naming the filter and key.
    ///
    ///     try FilterSpec(name: "CISepiaTone", parameters: ["inputIntensity": .number(9)]).validated()  // throws
    @discardableResult
    public func validated(registry: FilterRegistry = .builtIn) throws(FilterError) -> FilterSpec {
        var filter = try Filter(name: name, registry: registry)
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) { try filter.setValue(value, forKey: key) }
        return self
    }
}
