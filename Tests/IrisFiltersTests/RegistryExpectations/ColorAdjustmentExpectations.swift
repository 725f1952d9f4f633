@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.colorAdjustmentFilters`, other than inputImage.
    static let colorAdjustment: Group = Group(
        list: BuiltInFilters.colorAdjustmentFilters, category: FilterCategory.colorAdjustment,
        inputs: [
            "CIColorControls": [
                ("inputSaturation", .scalar, "1"), ("inputBrightness", .scalar, "0"), ("inputContrast", .scalar, "1")
            ],
            "CIColorMatrix": [
                ("inputRVector", .vector, "[1 0 0 0]"), ("inputGVector", .vector, "[0 1 0 0]"),
                ("inputBVector", .vector, "[0 0 1 0]"), ("inputAVector", .vector, "[0 0 0 1]"),
                ("inputBiasVector", .vector, "[0 0 0 0]")
            ],
            "CIExposureAdjust": [("inputEV", .scalar, "0.5")],
            "CIGammaAdjust": [("inputPower", .scalar, "0.75")],
            "CIHueAdjust": [("inputAngle", .angle, "0")],
            "CIVibrance": [("inputAmount", .scalar, "0")],
            "CIColorClamp": [
                ("inputMinComponents", .vector, "[0 0 0 0]"), ("inputMaxComponents", .vector, "[1 1 1 1]")
            ],
            "CIColorPolynomial": [
                ("inputRedCoefficients", .vector, "[0 1 0 0]"), ("inputGreenCoefficients", .vector, "[0 1 0 0]"),
                ("inputBlueCoefficients", .vector, "[0 1 0 0]"), ("inputAlphaCoefficients", .vector, "[0 1 0 0]")
            ],
            "CIColorThreshold": [("inputThreshold", .scalar, "0.5")],
            "CILinearToSRGBToneCurve": [],
            "CISRGBToneCurveToLinear": [],
            "CIWhitePointAdjust": [("inputColor", .color, "(1 1 1 1)")],
            "CITemperatureAndTint": [
                ("inputNeutral", .offset, "[6500 0]"), ("inputTargetNeutral", .offset, "[6500 0]")
            ],
            "CIToneCurve": [
                ("inputPoint0", .offset, "[0 0]"), ("inputPoint1", .offset, "[0.25 0.25]"),
                ("inputPoint2", .offset, "[0.5 0.5]"),
                ("inputPoint3", .offset, "[0.75 0.75]"), ("inputPoint4", .offset, "[1 1]")
            ],
            "CIHighlightShadowAdjust": [
                ("inputRadius", .scalar, "0"), ("inputShadowAmount", .scalar, "0"),
                ("inputHighlightAmount", .scalar, "1")
            ],
            "CIColorAbsoluteDifference": [("inputImage2", .image, nil)],
            "CIRedEyeCorrection": [("inputCorrectionInfo", .vector, "[]")],
            "CIFaceBalance": [
                ("inputOrigI", .scalar, "0.103905"), ("inputOrigQ", .scalar, "0.0291"),
                ("inputStrength", .scalar, "0.5"),
                ("inputWarmth", .scalar, "0.5")
            ]
        ])
}
