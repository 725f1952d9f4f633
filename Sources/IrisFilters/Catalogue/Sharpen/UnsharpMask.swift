import IrisCore

extension BuiltInFilters {
    /// CIUnsharpMask: the classic unsharp mask, out = s + intensity · (s − blur), where blur is
    /// CIGaussianBlur with σ = `inputRadius` of the edge-extended image. Red, green and blue (premultiplied)
    /// are sharpened; alpha is kept. Core Image does not publish its formula; this is the textbook one.
    static let unsharpMask = FilterDescriptor(
        name: "CIUnsharpMask", displayName: "Unsharp Mask",
        categories: [FilterCategory.sharpen, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Increases the contrast of the edges between pixels of different colors in an image.",
        inputs: [
            .image,
            // 500 bounds the blur's pass count, as CIGaussianBlur's inputRadius does.
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(2.5), range: 0...500, slider: 0...100,
                summary: "The standard deviation of the blur the image is compared with, in pixels."),
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(0.5), range: 0...Double.infinity, slider: 0...1,
                summary: "How much of the difference from the blur is added back.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), intensity = try args.number("inputIntensity")
            if intensity == 0 || gaussianPlan(sigma: radius) == nil { return image }
            let blurred = edgeExtendedGaussian(image, sigma: radius, label: "CIUnsharpMask")
            return Image.make(
                unsharpMaskKernel, [image, blurred], KernelArguments([.float(Float(intensity))]),
                extent: image.extent, label: "CIUnsharpMask")
        })

    static let unsharpMaskKernel = Kernel(
        color: "irisUnsharpMask", inputCount: 2, parameters: [.init("intensity", "float")],
        glsl: """
            vec4 irisUnsharpMask(vec4 s0, vec4 s1, float intensity) {
                return vec4(s0.rgb + intensity * (s0.rgb - s1.rgb), s0.a);
            }
            """,
        cpu: { px, others, _, args in
            let k = args.float(0)
            for i in px.indices {
                let s = px[i], b = others[0][i]
                px[i] = SIMD4(s.x + k * (s.x - b.x), s.y + k * (s.y - b.y), s.z + k * (s.z - b.z), s.w)
            }
        })
}
