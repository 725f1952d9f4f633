@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.generatorFilters`, other than inputImage.
    static let generator: Group = Group(list: BuiltInFilters.generatorFilters, category: FilterCategory.generator, inputs: [
        "CIConstantColorGenerator": [("inputColor", .color, "(1 0 0 1)")],
    ])
}
