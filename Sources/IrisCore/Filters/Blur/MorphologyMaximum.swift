extension BuiltInFilters {
    /// CIMorphologyMaximum: each component becomes its maximum over a disc of radius `inputRadius` (see
    /// `MorphologySupport.discKernel`). A radius of 0 returns the input; the extent grows by the radius.
    static let morphologyMaximum = FilterDescriptor(
        name: "CIMorphologyMaximum", displayName: "Morphology Maximum",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Blurs a circular region by replacing each pixel with the brightest value in the circle.",
        inputs: [
            .image,
            FilterInputDescriptor("inputRadius", .distance, default: .number(0), range: 0...1000, slider: 0...50,
                                  summary: "The radius of the disc, in pixels."),
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius")
            if radius < 1 { return image }
            return MorphologySupport.disc(image, radius: radius, sign: 1, label: "CIMorphologyMaximum")
        })
}
