import IrisCore

extension BuiltInFilters {
    /// CIMorphologyMinimum: each component becomes its minimum over a disc of radius `inputRadius` (see
    /// `MorphologySupport.discKernel`). A radius of 0 returns the input; the extent grows by the radius.
    static let morphologyMinimum = MorphologySupport.discFilter(
        name: "CIMorphologyMinimum", displayName: "Morphology Minimum", extreme: "darkest", sign: -1)
}
