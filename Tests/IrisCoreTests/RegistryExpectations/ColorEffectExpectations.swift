@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.colorEffectFilters`, other than inputImage.
    static let colorEffect: Group = Group(list: BuiltInFilters.colorEffectFilters, category: FilterCategory.colorEffect, inputs: [
        "CIColorInvert": [],
        "CISepiaTone": [("inputIntensity", .scalar, "1")],
        "CIVignette": [("inputIntensity", .scalar, "0"), ("inputRadius", .scalar, "1")],
    ])
}
