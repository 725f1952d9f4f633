import IrisCore

extension BuiltInFilters {
    /// Reductions (CICategoryReduction). One file per filter beside this one.
    static let reductionFilters: [FilterDescriptor] = [
        areaAverage, areaHistogram, areaMaximum, areaMinimum, areaMaximumAlpha, areaMinimumAlpha, rowAverage,
        columnAverage, areaMinMax,
        histogramDisplayFilter
    ]
}
