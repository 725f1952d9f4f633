@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.blurFilters`, other than inputImage.
    static let blur: Group = Group(
        list: BuiltInFilters.blurFilters, category: FilterCategory.blur,
        inputs: [
            "CIBokehBlur": [
                ("inputRadius", .distance, "20"), ("inputRingAmount", .scalar, "0"), ("inputRingSize", .scalar, "0.1"),
                ("inputSoftness", .scalar, "1")
            ],
            "CIBoxBlur": [("inputRadius", .distance, "10")],
            "CIDiscBlur": [("inputRadius", .distance, "8")],
            "CIGaussianBlur": [("inputRadius", .distance, "10")],
            "CIMaskedVariableBlur": [("inputMask", .image, nil), ("inputRadius", .distance, "10")],
            "CIMedianFilter": [],
            "CIMorphologyGradient": [("inputRadius", .distance, "5")],
            "CIMorphologyMaximum": [("inputRadius", .distance, "0")],
            "CIMorphologyMinimum": [("inputRadius", .distance, "0")],
            "CIMorphologyRectangleMaximum": [("inputWidth", .scalar, "5"), ("inputHeight", .scalar, "5")],
            "CIMorphologyRectangleMinimum": [("inputWidth", .scalar, "5"), ("inputHeight", .scalar, "5")],
            "CIMotionBlur": [("inputRadius", .distance, "20"), ("inputAngle", .angle, "0")],
            "CINoiseReduction": [("inputNoiseLevel", .scalar, "0.02"), ("inputSharpness", .scalar, "0.4")],
            "CIZoomBlur": [("inputCenter", .position, "[150 150]"), ("inputAmount", .distance, "20")]
        ])
}
