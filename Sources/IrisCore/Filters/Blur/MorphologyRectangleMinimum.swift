extension BuiltInFilters {
    /// CIMorphologyRectangleMinimum: each component becomes its minimum over a `inputWidth` × `inputHeight` rectangle centred on
    /// the pixel, sizes rounded to the nearest odd whole number as Core Image documents, in two separable
    /// passes (see `MorphologySupport.lineKernel`). The extent grows by half the rectangle.
    static let morphologyRectangleMinimum = FilterDescriptor(
        name: "CIMorphologyRectangleMinimum", displayName: "Morphology Rectangle Minimum",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Blurs a rectangular region by replacing each pixel with the darkest value in the rectangle.",
        inputs: [
            .image,
            // 101 keeps a pass within the GLSL loop bound (50 taps a side).
            FilterInputDescriptor("inputWidth", .scalar, default: .number(5), range: 1...101, slider: 1...50,
                                  summary: "The width of the rectangle, in pixels (rounded to an odd number)."),
            FilterInputDescriptor("inputHeight", .scalar, default: .number(5), range: 1...101, slider: 1...50,
                                  summary: "The height of the rectangle, in pixels (rounded to an odd number)."),
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return MorphologySupport.rectangle(image, width: try args.number("inputWidth"), height: try args.number("inputHeight"),
                                               sign: -1, label: "CIMorphologyRectangleMinimum")
        })
}
