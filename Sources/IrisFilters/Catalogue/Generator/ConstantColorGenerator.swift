import IrisCore

extension BuiltInFilters {
    /// CIConstantColorGenerator: an infinite image of one colour (straight-alpha sRGB components). Crop it
    /// before rendering.
    static let constantColorGenerator = FilterDescriptor(
        name: "CIConstantColorGenerator", displayName: "Constant Color",
        categories: [FilterCategory.generator, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Generates a solid color.",
        inputs: [
            // Opaque red is the default Apple's Core Image Filter Reference documents.
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 0, 0, 1)),
                summary: "The colour: sRGB red, green, blue, alpha (straight).")
        ],
        build: { args throws(FilterError) in
            Image(color: SIMD4<Float>(try args.color("inputColor")))
        })
}
