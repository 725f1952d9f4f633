import IrisCore

extension BuiltInFilters {
    /// CISourceOverCompositing: `inputImage` over `inputBackgroundImage` (Porter-Duff source-over on
    /// premultiplied colour); the extent is the union of both.
    static let sourceOverCompositing = FilterDescriptor(
        name: "CISourceOverCompositing", displayName: "Source Over",
        categories: [
            FilterCategory.compositeOperation, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Places the input image over the input background image.",
        inputs: [
            .image,
            FilterInputDescriptor("inputBackgroundImage", .image, summary: "The image to composite over.")
        ],
        build: { args throws(FilterError) in
            try args.image("inputImage").composited(over: try args.image("inputBackgroundImage"))
        })
}
