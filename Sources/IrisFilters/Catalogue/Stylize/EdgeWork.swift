import IrisCore

extension BuiltInFilters {
    /// CIEdgeWork: black-and-white line art, like a woodblock cut. With Y the working space luma of
    /// premultiplied colour and b the CIGaussianBlur (σ = `inputRadius`) of the edge-extended image, a pixel
    /// darker than its surroundings turns black: v = clamp(1 + 3·(Y(s) − Y(b)), 0, 1), output grey v at the
    /// pixel's alpha. Flat areas and the light side of edges stay white. Core Image does not publish its
    /// method; this one is Iris's (the gain of 3 is kept low so that the renderers' intermediates cannot
    /// tip it). The extent stays the input's.
    static let edgeWork = FilterDescriptor(
        name: "CIEdgeWork", displayName: "Edge Work",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Produces a stylized black-and-white rendition of an image that looks similar to a woodblock cutout.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(3), range: 0...500, slider: 0...20,
                summary: "The standard deviation of the surroundings a pixel is compared with, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let blurred = edgeExtendedGaussian(image, sigma: try args.number("inputRadius"), label: "CIEdgeWork")
            return Image.make(
                edgeWorkKernel, [image, blurred], KernelArguments([]), extent: image.extent, label: "CIEdgeWork")
        })

    static let edgeWorkKernel = Kernel(
        color: "irisEdgeWork", inputCount: 2, parameters: [],
        glsl: """
            vec4 irisEdgeWork(vec4 s0, vec4 s1) {
                vec3 w = \(WorkingSpaceLuma.glsl);
                float v = clamp(1.0 + 3.0 * (dot(s0.rgb, w) - dot(s1.rgb, w)), 0.0, 1.0);
                return vec4(vec3(v * s0.a), s0.a);
            }
            """,
        cpu: { px, others, _, _ in
            for i in px.indices {
                let s = px[i]
                let v = min(max(1 + 3 * (WorkingSpaceLuma.luma(s) - WorkingSpaceLuma.luma(others[0][i])), 0), 1) * s.w
                px[i] = SIMD4(v, v, v, s.w)
            }
        })
}
