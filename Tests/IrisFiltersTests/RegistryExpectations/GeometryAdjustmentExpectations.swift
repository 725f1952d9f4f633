@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    static let perspectiveCorners: [(String, FilterInputType, String?)] = [
        ("inputTopLeft", .position, "[118 484]"), ("inputTopRight", .position, "[646 507]"),
        ("inputBottomRight", .position, "[548 140]"), ("inputBottomLeft", .position, "[155 153]")
    ]

    /// Core Image's inputs (key, type, default) for `BuiltInFilters.geometryAdjustmentFilters`, other than inputImage.
    static let geometryAdjustment: Group = Group(
        list: BuiltInFilters.geometryAdjustmentFilters, category: FilterCategory.geometryAdjustment,
        inputs: [
            "CIAffineTransform": [("inputTransform", .transform, IrisCore.AffineTransform.identity.description)],
            "CICrop": [("inputRectangle", .vector, "[0 0 300 300]")],
            "CIStraightenFilter": [("inputAngle", .angle, "0")],
            "CILanczosScaleTransform": [("inputScale", .scalar, "1"), ("inputAspectRatio", .scalar, "1")],
            "CIPerspectiveTransform": perspectiveCorners,
            "CIPerspectiveTransformWithExtent": [("inputExtent", .vector, "[0 0 300 300]")] + perspectiveCorners,
            "CIPerspectiveCorrection": perspectiveCorners + [("inputCrop", .boolean, "1")]
        ])
}
