import IrisCore

extension BuiltInFilters {
    /// Colour adjustment (CICategoryColorAdjustment). One file per filter beside this one.
    static let colorAdjustmentFilters: [FilterDescriptor] = [
        colorControls, colorMatrix, exposureAdjust, gammaAdjust, hueAdjust, vibrance,
        colorClamp, colorPolynomial, colorThreshold, linearToSRGBToneCurve, sRGBToneCurveToLinear,
        whitePointAdjust, temperatureAndTint, toneCurve, highlightShadowAdjust, colorAbsoluteDifference,
        redEyeCorrection, faceBalance
    ]
}
