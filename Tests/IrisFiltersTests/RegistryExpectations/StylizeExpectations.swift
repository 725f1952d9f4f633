@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.stylizeFilters`, other than inputImage.
    static let stylize: Group = Group(
        list: BuiltInFilters.stylizeFilters, category: FilterCategory.stylize,
        inputs: [
            "CIConvolution3X3": [("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")],
            "CIConvolution5X5": [
                ("inputWeights", .vector, "[0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0]"),
                ("inputBias", .scalar, "0")
            ],
            "CIConvolution7X7": [
                (
                    "inputWeights", .vector,
                    "[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]"
                ), ("inputBias", .scalar, "0")
            ],
            "CIConvolution9Horizontal": [("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")],
            "CIConvolution9Vertical": [("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")],
            "CIConvolutionRGB3X3": [("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")],
            "CIConvolutionRGB5X5": [
                ("inputWeights", .vector, "[0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0]"),
                ("inputBias", .scalar, "0")
            ],
            "CIConvolutionRGB7X7": [
                (
                    "inputWeights", .vector,
                    "[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]"
                ), ("inputBias", .scalar, "0")
            ],
            "CIConvolutionRGB9Horizontal": [
                ("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")
            ],
            "CIConvolutionRGB9Vertical": [
                ("inputWeights", .vector, "[0 0 0 0 1 0 0 0 0]"), ("inputBias", .scalar, "0")
            ],
            "CIBloom": [("inputRadius", .distance, "10"), ("inputIntensity", .scalar, "0.5")],
            "CIComicEffect": [],
            "CICrystallize": [("inputRadius", .distance, "20"), ("inputCenter", .position, "[150 150]")],
            "CIEdges": [("inputIntensity", .scalar, "1")],
            "CILineOverlay": [
                ("inputNRNoiseLevel", .scalar, "0.07"), ("inputNRSharpness", .scalar, "0.71"),
                ("inputEdgeIntensity", .scalar, "1"),
                ("inputThreshold", .scalar, "0.1"), ("inputContrast", .scalar, "50")
            ],
            "CISpotColor": [
                ("inputCenterColor1", .color, "(0.0784 0.0627 0.0706 1)"),
                ("inputReplacementColor1", .color, "(0.4392 0.1922 0.1961 1)"),
                ("inputCloseness1", .scalar, "0.22"), ("inputContrast1", .scalar, "0.98"),
                ("inputCenterColor2", .color, "(0.5255 0.3059 0.3451 1)"),
                ("inputReplacementColor2", .color, "(0.9137 0.5608 0.5059 1)"),
                ("inputCloseness2", .scalar, "0.15"), ("inputContrast2", .scalar, "0.98"),
                ("inputCenterColor3", .color, "(0.9216 0.4549 0.3333 1)"),
                ("inputReplacementColor3", .color, "(0.9098 0.7529 0.6078 1)"),
                ("inputCloseness3", .scalar, "0.5"), ("inputContrast3", .scalar, "0.99")
            ],
            "CIEdgeWork": [("inputRadius", .distance, "3")],
            "CIGloom": [("inputRadius", .distance, "10"), ("inputIntensity", .scalar, "0.5")],
            "CIHeightFieldFromMask": [("inputRadius", .distance, "10")],
            "CIHexagonalPixellate": [("inputCenter", .position, "[150 150]"), ("inputScale", .distance, "8")],
            "CIPixellate": [("inputCenter", .position, "[150 150]"), ("inputScale", .distance, "8")],
            "CIPointillize": [("inputRadius", .distance, "20"), ("inputCenter", .position, "[150 150]")],
            "CISpotLight": [
                ("inputLightPosition", .vector, "[400 600 150]"), ("inputLightPointsAt", .vector, "[200 200 0]"),
                ("inputBrightness", .distance, "3"), ("inputConcentration", .scalar, "0.1"),
                ("inputColor", .color, "(1 1 1 1)")
            ]
        ])
}

extension RegistryExpectations {
    /// Core Image's inputs for `BuiltInFilters.stylizeGroupColorEffectFilters` (colour effects the stylize
    /// group owns), other than inputImage.
    static let stylizeGroupColorEffect: Group = Group(
        list: BuiltInFilters.stylizeGroupColorEffectFilters, category: FilterCategory.colorEffect,
        inputs: [
            "CIVignetteEffect": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150"),
                ("inputIntensity", .scalar, "1"),
                ("inputFalloff", .scalar, "0.5")
            ]
        ])
}
