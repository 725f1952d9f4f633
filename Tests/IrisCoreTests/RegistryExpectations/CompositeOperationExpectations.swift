@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.compositeOperationFilters`, other than inputImage.
    static let compositeOperation: Group = Group(list: BuiltInFilters.compositeOperationFilters, category: FilterCategory.compositeOperation, inputs: [
        "CISourceOverCompositing": [("inputBackgroundImage", .image, nil)],
    ])
}
