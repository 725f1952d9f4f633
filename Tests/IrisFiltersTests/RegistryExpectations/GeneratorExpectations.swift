@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.generatorFilters`, other than inputImage,
    /// from Apple's Core Image Filter Reference. CIHueSaturationValueGradient's inputColorSpace (a
    /// CGColorSpace) has no Iris counterpart and is left out.
    static let generator: Group = Group(
        list: BuiltInFilters.generatorFilters, category: FilterCategory.generator,
        inputs: [
            "CIConstantColorGenerator": [("inputColor", .color, "(1 0 0 1)")],
            "CICheckerboardGenerator": [
                ("inputCenter", .position, "[150 150]"), ("inputColor0", .color, "(1 1 1 1)"),
                ("inputColor1", .color, "(0 0 0 1)"), ("inputWidth", .distance, "80"), ("inputSharpness", .scalar, "1")
            ],
            "CIStripesGenerator": [
                ("inputCenter", .position, "[150 150]"), ("inputColor0", .color, "(1 1 1 1)"),
                ("inputColor1", .color, "(0 0 0 1)"), ("inputWidth", .distance, "80"), ("inputSharpness", .scalar, "1")
            ],
            "CIRandomGenerator": [],
            "CILinearGradient": [
                ("inputPoint0", .position, "[0 0]"), ("inputPoint1", .position, "[200 200]"),
                ("inputColor0", .color, "(1 1 1 1)"), ("inputColor1", .color, "(0 0 0 1)")
            ],
            "CISmoothLinearGradient": [
                ("inputPoint0", .position, "[0 0]"), ("inputPoint1", .position, "[200 200]"),
                ("inputColor0", .color, "(1 1 1 1)"), ("inputColor1", .color, "(0 0 0 1)")
            ],
            "CIRadialGradient": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius0", .distance, "5"),
                ("inputRadius1", .distance, "100"),
                ("inputColor0", .color, "(1 1 1 1)"), ("inputColor1", .color, "(0 0 0 1)")
            ],
            "CIGaussianGradient": [
                ("inputCenter", .position, "[150 150]"), ("inputColor0", .color, "(1 1 1 1)"),
                ("inputColor1", .color, "(0 0 0 0)"), ("inputRadius", .distance, "300")
            ],
            "CIHueSaturationValueGradient": [
                ("inputValue", .scalar, "1"), ("inputRadius", .distance, "300"),
                ("inputSoftness", .scalar, "1"), ("inputDither", .scalar, "1")
            ],
            "CIRoundedRectangleGenerator": [
                ("inputExtent", .vector, "[0 0 100 100]"), ("inputRadius", .distance, "10"),
                ("inputColor", .color, "(1 1 1 1)")
            ],
            // Apple documents these two (macOS 14) without defaults: Iris's follow CIRoundedRectangleGenerator's.
            "CIRoundedRectangleStrokeGenerator": [
                ("inputExtent", .vector, "[0 0 100 100]"), ("inputRadius", .distance, "10"),
                ("inputColor", .color, "(1 1 1 1)"), ("inputWidth", .distance, "10")
            ],
            "CIBlurredRectangleGenerator": [
                ("inputExtent", .vector, "[0 0 100 100]"), ("inputSigma", .distance, "10"),
                ("inputColor", .color, "(1 1 1 1)")
            ],
            "CIStarShineGenerator": [
                ("inputCenter", .position, "[150 150]"), ("inputColor", .color, "(1 0.8 0.6 1)"),
                ("inputRadius", .distance, "50"), ("inputCrossScale", .scalar, "15"),
                ("inputCrossAngle", .angle, "0.6"),
                ("inputCrossOpacity", .scalar, "-2"), ("inputCrossWidth", .distance, "2.5"),
                ("inputEpsilon", .scalar, "-2")
            ],
            "CISunbeamsGenerator": [
                ("inputCenter", .position, "[150 150]"), ("inputColor", .color, "(1 0.5 0 1)"),
                ("inputSunRadius", .distance, "40"), ("inputMaxStriationRadius", .scalar, "2.58"),
                ("inputStriationStrength", .scalar, "0.5"), ("inputStriationContrast", .scalar, "1.375"),
                ("inputTime", .scalar, "0")
            ],
            "CILenticularHaloGenerator": [
                ("inputCenter", .position, "[150 150]"), ("inputColor", .color, "(1 0.9 0.8 1)"),
                ("inputHaloRadius", .distance, "70"), ("inputHaloWidth", .distance, "87"),
                ("inputHaloOverlap", .scalar, "0.77"), ("inputStriationStrength", .scalar, "0.5"),
                ("inputStriationContrast", .scalar, "1"), ("inputTime", .scalar, "0")
            ]
        ])
}
