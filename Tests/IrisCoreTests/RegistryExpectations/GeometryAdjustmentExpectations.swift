@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.geometryAdjustmentFilters`, other than inputImage.
    static let geometryAdjustment: Group = Group(list: BuiltInFilters.geometryAdjustmentFilters, category: FilterCategory.geometryAdjustment, inputs: [
        "CIAffineTransform": [("inputTransform", .transform, IrisCore.AffineTransform.identity.description)],
        "CICrop": [("inputRectangle", .vector, "[0 0 300 300]")],
    ])
}
