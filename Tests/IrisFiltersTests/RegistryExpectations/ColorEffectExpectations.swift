@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.colorEffectFilters`, other than inputImage.
    static let colorEffect: Group = Group(
        list: BuiltInFilters.colorEffectFilters, category: FilterCategory.colorEffect,
        inputs: [
            "CIColorInvert": [],
            "CISepiaTone": [("inputIntensity", .scalar, "1")],
            "CIVignette": [("inputIntensity", .scalar, "0"), ("inputRadius", .scalar, "1")],
            "CIColorMonochrome": [("inputColor", .color, "(0.6 0.45 0.3 1)"), ("inputIntensity", .scalar, "1")],
            "CIColorPosterize": [("inputLevels", .scalar, "6")],
            "CIFalseColor": [("inputColor0", .color, "(0.3 0 0 1)"), ("inputColor1", .color, "(1 0.9 0.8 1)")],
            "CIMaskToAlpha": [],
            "CIMaximumComponent": [],
            "CIMinimumComponent": [],
            "CIThermal": [],
            "CIXRay": [],
            "CIDither": [("inputIntensity", .scalar, "0.1")],
            "CIColorCrossPolynomial": [
                ("inputRedCoefficients", .vector, "[1 0 0 0 0 0 0 0 0 0]"),
                ("inputGreenCoefficients", .vector, "[0 1 0 0 0 0 0 0 0 0]"),
                ("inputBlueCoefficients", .vector, "[0 0 1 0 0 0 0 0 0 0]")
            ],
            "CIPhotoEffectChrome": [],
            "CIPhotoEffectFade": [],
            "CIPhotoEffectInstant": [],
            "CIPhotoEffectMono": [],
            "CIPhotoEffectNoir": [],
            "CIPhotoEffectProcess": [],
            "CIPhotoEffectTonal": [],
            "CIPhotoEffectTransfer": [],
            "CIColorMap": [("inputGradientImage", .image, nil)]
        ])
}
