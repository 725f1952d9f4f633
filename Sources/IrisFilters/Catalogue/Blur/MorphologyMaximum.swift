import IrisCore

extension BuiltInFilters {
    /// CIMorphologyMaximum: each component becomes its maximum over a disc of radius `inputRadius` (see
    /// `MorphologySupport.discKernel`). A radius of 0 returns the input; the extent grows by the radius.
    static let morphologyMaximum = MorphologySupport.discFilter(
        name: "CIMorphologyMaximum", displayName: "Morphology Maximum", extreme: "brightest", sign: 1)
}
