@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.sharpenFilters`, other than inputImage.
    static let sharpen: Group = Group(list: BuiltInFilters.sharpenFilters, category: FilterCategory.sharpen, inputs: [:])
}
