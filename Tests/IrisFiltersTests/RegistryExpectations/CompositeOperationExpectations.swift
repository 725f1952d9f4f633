@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.compositeOperationFilters`, other than inputImage.
    /// Every compositing operator and blend mode takes inputImage and inputBackgroundImage (no defaults); the
    /// mask blends add inputMaskImage.
    static let compositeOperation: Group = Group(
        list: BuiltInFilters.compositeOperationFilters, category: FilterCategory.compositeOperation,
        inputs: [
            "CISourceOverCompositing": [("inputBackgroundImage", .image, nil)],
            "CIAdditionCompositing": [("inputBackgroundImage", .image, nil)],
            "CIMultiplyCompositing": [("inputBackgroundImage", .image, nil)],
            "CIMaximumCompositing": [("inputBackgroundImage", .image, nil)],
            "CIMinimumCompositing": [("inputBackgroundImage", .image, nil)],
            "CISourceAtopCompositing": [("inputBackgroundImage", .image, nil)],
            "CISourceInCompositing": [("inputBackgroundImage", .image, nil)],
            "CISourceOutCompositing": [("inputBackgroundImage", .image, nil)],
            "CIMultiplyBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIScreenBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIOverlayBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIDarkenBlendMode": [("inputBackgroundImage", .image, nil)],
            "CILightenBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIColorDodgeBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIColorBurnBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIHardLightBlendMode": [("inputBackgroundImage", .image, nil)],
            "CISoftLightBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIDifferenceBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIExclusionBlendMode": [("inputBackgroundImage", .image, nil)],
            "CISubtractBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIDivideBlendMode": [("inputBackgroundImage", .image, nil)],
            "CILinearBurnBlendMode": [("inputBackgroundImage", .image, nil)],
            "CILinearDodgeBlendMode": [("inputBackgroundImage", .image, nil)],
            "CILinearLightBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIPinLightBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIVividLightBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIHardMixBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIHueBlendMode": [("inputBackgroundImage", .image, nil)],
            "CISaturationBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIColorBlendMode": [("inputBackgroundImage", .image, nil)],
            "CILuminosityBlendMode": [("inputBackgroundImage", .image, nil)],
            "CIBlendWithMask": [("inputBackgroundImage", .image, nil), ("inputMaskImage", .image, nil)],
            "CIBlendWithAlphaMask": [("inputBackgroundImage", .image, nil), ("inputMaskImage", .image, nil)],
            "CIBlendWithRedMask": [("inputBackgroundImage", .image, nil), ("inputMaskImage", .image, nil)],
            "CIBlendWithBlueMask": [("inputBackgroundImage", .image, nil), ("inputMaskImage", .image, nil)]
        ])
}
