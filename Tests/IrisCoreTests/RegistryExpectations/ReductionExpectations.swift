@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.reductionFilters`, other than inputImage.
    static let reduction: Group = Group(list: BuiltInFilters.reductionFilters, category: FilterCategory.reduction, inputs: [:])
}
