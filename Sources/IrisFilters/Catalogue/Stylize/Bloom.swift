import IrisCore

extension BuiltInFilters {
    /// CIBloom: a glow: the image screened with its own blur scaled by `inputIntensity`,
    /// out = s + k·b − s·k·b (Porter-Duff screen on premultiplied components, alpha included), with b the
    /// CIGaussianBlur (σ = `inputRadius`) of the edge-extended image. Core Image does not publish its
    /// formula; this one is Iris's. The extent stays the input's.
    static let bloom = FilterDescriptor(
        name: "CIBloom", displayName: "Bloom",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Softens edges and applies a pleasant glow to an image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(10), range: 0...500, slider: 0...100,
                summary: "The standard deviation of the glow's blur, in pixels."),
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(0.5), range: 0...1,
                summary: "How strong the glow is.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), intensity = try args.number("inputIntensity")
            if intensity == 0 { return image }
            let blurred = edgeExtendedGaussian(image, sigma: radius, label: "CIBloom")
            return Image.make(
                bloomKernel, [image, blurred], KernelArguments([.float(Float(intensity))]), extent: image.extent,
                label: "CIBloom")
        })

    static let bloomKernel = Kernel(
        color: "irisBloom", inputCount: 2, parameters: [.init("intensity", "float")],
        glsl: """
            vec4 irisBloom(vec4 s0, vec4 s1, float intensity) {
                vec4 b = intensity * s1;
                return s0 + b - s0 * b;
            }
            """,
        cpu: { px, others, _, args in
            let k = args.float(0)
            for i in px.indices {
                let b = k * others[0][i]
                px[i] = px[i] + b - px[i] * b
            }
        })
}
