import IrisCore

extension BuiltInFilters {
    /// Halftones (CICategoryHalftoneEffect). One file per filter beside this one.
    static let halftoneFilters: [FilterDescriptor] = [
        circularScreen, cmykHalftone, dotScreen, hatchedScreen, lineScreen
    ]
}
