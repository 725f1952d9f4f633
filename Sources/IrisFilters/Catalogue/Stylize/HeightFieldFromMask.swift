import IrisCore

extension BuiltInFilters {
    /// CIHeightFieldFromMask: a smooth height field from a mask, for CIShadedMaterial. The mask's working
    /// space luma is blurred with CIGaussianBlur at σ = `inputRadius` / 3 (edge-extended, so the loft rises
    /// over about `inputRadius` pixels across the mask's edges) and clamped to 0…1: out = (h, h, h, 1).
    /// Core Image does not publish its profile; this Gaussian one is Iris's. The extent stays the input's.
    static let heightFieldFromMask = FilterDescriptor(
        name: "CIHeightFieldFromMask", displayName: "Height Field From Mask",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Produces a continuous three-dimensional, loft-shaped height field from a grayscale mask.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(10), range: 0...1500, slider: 0...300,
                summary: "The distance from the mask's edge over which the height rises, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let blurred = edgeExtendedGaussian(
                image, sigma: try args.number("inputRadius") / 3, label: "CIHeightFieldFromMask")
            return Image.make(
                heightFieldKernel, [blurred], KernelArguments([]), extent: image.extent, label: "CIHeightFieldFromMask")
        })

    static let heightFieldKernel = Kernel(
        color: "irisHeightField", parameters: [],
        glsl: """
            vec4 irisHeightField(vec4 s0) {
                float h = clamp(dot(s0.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0);
                return vec4(h, h, h, 1.0);
            }
            """,
        cpu: { px, _, _, _ in
            for i in px.indices {
                let h = min(max(WorkingSpaceLuma.luma(px[i]), 0), 1)
                px[i] = SIMD4(h, h, h, 1)
            }
        })
}
