extension BuiltInFilters {
    /// Stylize and convolution (CICategoryStylize), halftones (CICategoryHalftoneEffect). One file per filter beside this one.
    static let stylizeFilters: [FilterDescriptor] = [
        convolution3X3,
    ]
}
