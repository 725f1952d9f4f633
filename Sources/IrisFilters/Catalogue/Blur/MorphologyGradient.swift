import IrisCore

extension BuiltInFilters {
    /// CIMorphologyGradient: the disc maximum minus the disc minimum over a radius of `inputRadius`
    /// (red, green and blue, premultiplied, each on its own), which outlines edges; alpha is the maximum's,
    /// so an opaque image stays opaque. A radius below 1 gives black.
    static let morphologyGradient = FilterDescriptor(
        name: "CIMorphologyGradient", displayName: "Morphology Gradient",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary:
            "Finds the edges of an image by returning the difference between the morphological minimum and maximum operations.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(5), range: 0...1000, slider: 0...50,
                summary: "The radius of the disc, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = max(try args.number("inputRadius"), 0)
            let maximum = MorphologySupport.disc(image, radius: radius, sign: 1, label: "CIMorphologyGradient")
            let minimum = MorphologySupport.disc(image, radius: radius, sign: -1, label: "CIMorphologyGradient")
            return Image.make(
                morphologyDifferenceKernel, [maximum, minimum], KernelArguments([]),
                extent: maximum.extent, label: "CIMorphologyGradient")
        })

    static let morphologyDifferenceKernel = Kernel(
        color: "irisMorphologyDifference", inputCount: 2, parameters: [],
        glsl: """
            vec4 irisMorphologyDifference(vec4 s0, vec4 s1) { return vec4(s0.rgb - s1.rgb, s0.a); }
            """,
        cpu: { px, others, _, _ in
            for i in px.indices {
                let m = others[0][i]
                px[i] = SIMD4(px[i].x - m.x, px[i].y - m.y, px[i].z - m.z, px[i].w)
            }
        })
}
