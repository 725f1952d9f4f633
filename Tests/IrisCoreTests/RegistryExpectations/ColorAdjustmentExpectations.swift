@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.colorAdjustmentFilters`, other than inputImage.
    static let colorAdjustment: Group = Group(list: BuiltInFilters.colorAdjustmentFilters, category: FilterCategory.colorAdjustment, inputs: [
        "CIColorControls": [("inputSaturation", .scalar, "1"), ("inputBrightness", .scalar, "0"), ("inputContrast", .scalar, "1")],
        "CIColorMatrix": [("inputRVector", .vector, "[1 0 0 0]"), ("inputGVector", .vector, "[0 1 0 0]"),
                          ("inputBVector", .vector, "[0 0 1 0]"), ("inputAVector", .vector, "[0 0 0 1]"),
                          ("inputBiasVector", .vector, "[0 0 0 0]")],
        "CIExposureAdjust": [("inputEV", .scalar, "0.5")],
        "CIGammaAdjust": [("inputPower", .scalar, "0.75")],
        "CIHueAdjust": [("inputAngle", .angle, "0")],
        "CIVibrance": [("inputAmount", .scalar, "0")],
    ])
}
