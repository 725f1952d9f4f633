@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.colorCubeFilters`, other than inputImage.
    static let colorCube: Group = Group(list: BuiltInFilters.colorCubeFilters, category: FilterCategory.colorEffect, inputs: [:])
}
