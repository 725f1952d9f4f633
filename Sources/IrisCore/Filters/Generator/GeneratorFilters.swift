extension BuiltInFilters {
    /// Generators and gradients (CICategoryGenerator, CICategoryGradient). One file per filter beside this one.
    static let generatorFilters: [FilterDescriptor] = [
        constantColorGenerator,
    ]
}
