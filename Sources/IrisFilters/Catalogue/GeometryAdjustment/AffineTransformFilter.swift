import IrisCore

extension BuiltInFilters {
    /// CIAffineTransform: applies `inputTransform` with bilinear sampling; consecutive transforms fold into one.
    static let affineTransform = FilterDescriptor(
        name: "CIAffineTransform", displayName: "Affine Transform",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Applies an affine transform to an image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputTransform", .transform, default: .transform(.identity),
                summary: "The transform, in image coordinates (origin bottom-left).")
        ],
        build: { args throws(FilterError) in
            try args.image("inputImage").transformed(
                by: try args.transform("inputTransform"), label: "CIAffineTransform")
        })
}
