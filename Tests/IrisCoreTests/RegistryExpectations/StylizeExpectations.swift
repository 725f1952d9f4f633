@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.stylizeFilters`, other than inputImage.
    static let stylize: Group = Group(list: BuiltInFilters.stylizeFilters, category: FilterCategory.stylize, inputs: [
        "CIConvolution3X3": [("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")],
    ])
}
