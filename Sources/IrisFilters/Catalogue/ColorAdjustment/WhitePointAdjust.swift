import IrisCore

extension BuiltInFilters {
    /// CIWhitePointAdjust: maps white to `inputColor` by scaling each linear working-space component by the
    /// colour's linear component (a diagonal colour matrix, so it folds with neighbouring matrices).
    static let whitePointAdjust = FilterDescriptor(
        name: "CIWhitePointAdjust", displayName: "White Point Adjust",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary:
            "Adjusts the reference white point for an image and maps all colors in the source using the new reference.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 1, 1, 1)),
                summary: "The colour white becomes: sRGB red, green, blue (alpha is not used).")
        ],
        build: { args throws(FilterError) in
            let w = ColorFilterSupport.linearRGB(try args.color("inputColor"))
            let image = try args.image("inputImage")
            if w == SIMD3(1, 1, 1) { return image }
            let matrix = ColorMatrix(rgb: [[Double(w.x), 0, 0], [0, Double(w.y), 0], [0, 0, Double(w.z)]])
            return image.applyingColorMatrix(matrix, label: "CIWhitePointAdjust")
        })
}
