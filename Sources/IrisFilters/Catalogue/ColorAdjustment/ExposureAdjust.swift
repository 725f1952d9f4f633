import IrisCore

extension BuiltInFilters {
    /// CIExposureAdjust: multiplies linear colour by 2^EV, like opening the aperture by EV stops. A colour
    /// matrix (it folds with neighbours); it acts in linear light because the working space is linear.
    static let exposureAdjust = FilterDescriptor(
        name: "CIExposureAdjust", displayName: "Exposure Adjust",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary:
            "Adjusts the exposure setting for an image similar to the way you control exposure for a camera when you change the F-stop.",
        inputs: [
            .image,
            // 0.5 is the default Apple's Core Image Filter Reference documents.
            FilterInputDescriptor(
                "inputEV", .scalar, default: .number(0.5), slider: -10...10,
                summary: "Exposure change in stops: +1 doubles the light.")
        ],
        build: { args throws(FilterError) in
            let gain = Double.exp2(try args.number("inputEV"))
            let matrix = ColorMatrix(rgb: [[gain, 0, 0], [0, gain, 0], [0, 0, gain]])
            return try args.image("inputImage").applyingColorMatrix(matrix, label: "CIExposureAdjust")
        })
}

import RealModule
