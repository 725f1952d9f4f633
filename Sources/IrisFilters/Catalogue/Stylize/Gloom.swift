import IrisCore

extension BuiltInFilters {
    /// CIGloom: dulls the highlights by multiplying the image with its own blur, mixed in by
    /// `inputIntensity`: out.rgb = mix(s.rgb, s.rgb · b.rgb, k), alpha kept, with b the CIGaussianBlur
    /// (σ = `inputRadius`) of the edge-extended image. A bright pixel in a darker neighbourhood darkens most.
    /// Core Image does not publish its formula; this one is Iris's. The extent stays the input's.
    static let gloom = FilterDescriptor(
        name: "CIGloom", displayName: "Gloom",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Dulls the highlights of an image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(10), range: 0...500, slider: 0...100,
                summary: "The standard deviation of the blur, in pixels."),
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(0.5), range: 0...1,
                summary: "How strongly the highlights are dulled.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), intensity = try args.number("inputIntensity")
            if intensity == 0 { return image }
            let blurred = edgeExtendedGaussian(image, sigma: radius, label: "CIGloom")
            return Image.make(
                gloomKernel, [image, blurred], KernelArguments([.float(Float(intensity))]), extent: image.extent,
                label: "CIGloom")
        })

    static let gloomKernel = Kernel(
        color: "irisGloom", inputCount: 2, parameters: [.init("intensity", "float")],
        glsl: """
            vec4 irisGloom(vec4 s0, vec4 s1, float intensity) {
                return vec4(mix(s0.rgb, s0.rgb * s1.rgb, intensity), s0.a);
            }
            """,
        cpu: { px, others, _, args in
            let k = args.float(0)
            for i in px.indices {
                let s = px[i], b = others[0][i]
                px[i] = SIMD4(
                    s.x + (s.x * b.x - s.x) * k, s.y + (s.y * b.y - s.y) * k, s.z + (s.z * b.z - s.z) * k, s.w)
            }
        })
}
