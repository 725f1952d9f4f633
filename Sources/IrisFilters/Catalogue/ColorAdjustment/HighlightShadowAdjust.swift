import IrisCore

extension BuiltInFilters {
    /// CIHighlightShadowAdjust: lifts (or deepens) shadows and pulls down highlights while keeping local
    /// detail. Core Image's method is not published; Iris's: the local brightness L is the perceptual
    /// (gamma 2) luma of the image blurred by a Gaussian of σ = `inputRadius` (of the pixel itself at radius 0),
    /// clamped to 0…1. With shadow weight (1 − L)² and highlight weight L², each pixel's straight
    /// colour is scaled in perceptual space by
    ///   g = (1 + ½ · shadowAmount · (1 − L)²) · (1 − ½ · (1 − highlightAmount) · L²)
    /// i.e. linear colour × g². Because g follows the blurred brightness, neighbouring pixels get nearly the
    /// same gain and their contrast (the detail) survives. Shadow 0 and highlight 1 leave the image alone.
    /// Core Image files it under colour adjustment in some references and stylize in others; it carries both.
    static let highlightShadowAdjust = FilterDescriptor(
        name: "CIHighlightShadowAdjust", displayName: "Highlight and Shadow Adjust",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage,
            FilterCategory.builtIn
        ],
        summary: "Adjust the tonal mapping of an image while preserving spatial detail.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .scalar, default: .number(0), range: 0...500, slider: 0...10,
                summary: "σ of the Gaussian that gives each pixel's local brightness, in pixels."),
            FilterInputDescriptor(
                "inputShadowAmount", .scalar, default: .number(0), range: -1...1,
                summary: "Positive lightens shadows, negative darkens them."),
            FilterInputDescriptor(
                "inputHighlightAmount", .scalar, default: .number(1), range: 0...1,
                summary: "1 leaves highlights alone; lower values darken them.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius")
            let shadow = try args.number("inputShadowAmount"), highlight = try args.number("inputHighlightAmount")
            if shadow == 0 && highlight == 1 { return image }
            var local = image
            if radius > 0 {
                local = try image.clampedToExtent()
                    .applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(radius)])
                    .cropped(to: image.extent)
            }
            return Image.make(
                highlightShadowKernel, [image, local],
                KernelArguments([.float(Float(shadow)), .float(Float(highlight))]),
                extent: image.extent, label: "CIHighlightShadowAdjust")
        })

    static let highlightShadowKernel = Kernel(
        color: "irisHighlightShadowAdjust", inputCount: 2,
        parameters: [.init("shadow", "float"), .init("highlight", "float")],
        glsl: """
            vec4 irisHighlightShadowAdjust(vec4 s0, vec4 s1, float shadow, float highlight) {
                vec4 b = iris_unpremultiply(s1);
                float l = sqrt(clamp(dot(b.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0));
                float g = (1.0 + 0.5 * shadow * (1.0 - l) * (1.0 - l)) * (1.0 - 0.5 * (1.0 - highlight) * l * l);
                return vec4(s0.rgb * (g * g), s0.a);
            }
            """,
        cpu: { px, others, _, args in
            let shadow = args.float(0), highlight = args.float(1)
            let local = others[0]
            for i in px.indices {
                let b = unpremultiplied(local[i])
                let l = min(max(WorkingSpaceLuma.luma(b), 0), 1).squareRoot()
                let g = (1 + 0.5 * shadow * (1 - l) * (1 - l)) * (1 - 0.5 * (1 - highlight) * l * l)
                let c = px[i]
                px[i] = SIMD4(c.x * (g * g), c.y * (g * g), c.z * (g * g), c.w)
            }
        })
}
