extension BuiltInFilters {
    /// CIMorphologyGradient: the disc maximum minus the disc minimum over a radius of `inputRadius`
    /// (component by component, alpha included), which outlines edges. A radius below 1 gives transparent black.
    static let morphologyGradient = FilterDescriptor(
        name: "CIMorphologyGradient", displayName: "Morphology Gradient",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Finds the edges of an image by returning the difference between the morphological minimum and maximum operations.",
        inputs: [
            .image,
            FilterInputDescriptor("inputRadius", .distance, default: .number(5), range: 0...1000, slider: 0...50,
                                  summary: "The radius of the disc, in pixels."),
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = max(try args.number("inputRadius"), 0)
            let maximum = MorphologySupport.disc(image, radius: radius, sign: 1, label: "CIMorphologyGradient")
            let minimum = MorphologySupport.disc(image, radius: radius, sign: -1, label: "CIMorphologyGradient")
            return Image.make(morphologyDifferenceKernel, [maximum, minimum], KernelArguments([]),
                              extent: maximum.extent, label: "CIMorphologyGradient")
        })

    static let morphologyDifferenceKernel = Kernel(color: "irisMorphologyDifference", inputCount: 2, parameters: [], glsl: """
        vec4 irisMorphologyDifference(vec4 s0, vec4 s1) { return s0 - s1; }
        """, cpu: { px, others, _, _ in
            for i in px.indices { px[i] -= others[0][i] }
        })
}
