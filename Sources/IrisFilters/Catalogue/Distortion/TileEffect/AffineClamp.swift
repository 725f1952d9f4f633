import IrisCore

extension BuiltInFilters {
    /// CIAffineClamp: extends the image's edge pixels infinitely (clamp to extent), then applies
    /// `inputTransform` (bilinear). The result is infinite; it is what a blur reads to keep its edges opaque.
    static let affineClamp = FilterDescriptor(
        name: "CIAffineClamp", displayName: "Affine Clamp", categories: DistortionSupport.tileCategories,
        summary:
            "Performs an affine transform on a source image and then clamps the pixels at the edge of the transformed image, extending them outwards.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputTransform", .transform, default: .transform(.identity),
                summary: "The transform applied after the clamp.")
        ],
        build: { args throws(FilterError) in
            try args.image("inputImage").clampedToExtent().transformed(by: try args.transform("inputTransform"))
        })
}
