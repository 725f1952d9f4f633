@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.distortionFilters`, other than inputImage.
    static let distortion: Group = Group(list: BuiltInFilters.distortionFilters, category: FilterCategory.distortionEffect, inputs: [:])
}
