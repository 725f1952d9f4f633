@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.blurFilters`, other than inputImage.
    static let blur: Group = Group(list: BuiltInFilters.blurFilters, category: FilterCategory.blur, inputs: [
        "CIBoxBlur": [("inputRadius", .distance, "10")],
        "CIGaussianBlur": [("inputRadius", .distance, "10")],
    ])
}
