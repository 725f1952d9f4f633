import IrisCore

extension BuiltInFilters {
    /// CISharpenLuminance: sharpens brightness only, leaving hue and saturation alone. With Y the working
    /// space luma (Rec.709 weights) of premultiplied colour and blur CIGaussianBlur with σ = `inputRadius`
    /// of the edge-extended image: out.rgb = s.rgb + sharpness · (Y(s) − Y(blur)), alpha kept. Adding the
    /// same amount to red, green and blue changes luma only. Core Image does not publish its formula.
    static let sharpenLuminance = FilterDescriptor(
        name: "CISharpenLuminance", displayName: "Sharpen Luminance",
        categories: [FilterCategory.sharpen, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Increases image detail by sharpening.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputSharpness", .scalar, default: .number(0.4), range: 0...Double.infinity, slider: 0...2,
                summary: "How much of the luma's difference from its blur is added back."),
            // 500 bounds the blur's pass count, as CIGaussianBlur's inputRadius does.
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(1.69), range: 0...500, slider: 0...20,
                summary: "The standard deviation of the blur the luma is compared with, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let sharpness = try args.number("inputSharpness"), radius = try args.number("inputRadius")
            if sharpness == 0 || gaussianPlan(sigma: radius) == nil { return image }
            let blurred = edgeExtendedGaussian(image, sigma: radius, label: "CISharpenLuminance")
            return Image.make(
                sharpenLuminanceKernel, [image, blurred], KernelArguments([.float(Float(sharpness))]),
                extent: image.extent, label: "CISharpenLuminance")
        })

    static let sharpenLuminanceKernel = Kernel(
        color: "irisSharpenLuminance", inputCount: 2, parameters: [.init("sharpness", "float")],
        glsl: """
            vec4 irisSharpenLuminance(vec4 s0, vec4 s1, float sharpness) {
                vec3 w = \(WorkingSpaceLuma.glsl);
                float d = sharpness * (dot(s0.rgb, w) - dot(s1.rgb, w));
                return vec4(s0.rgb + vec3(d), s0.a);
            }
            """,
        cpu: { px, others, _, args in
            let k = args.float(0)
            for i in px.indices {
                let s = px[i]
                let d = k * (WorkingSpaceLuma.luma(s) - WorkingSpaceLuma.luma(others[0][i]))
                px[i] = SIMD4(s.x + d, s.y + d, s.z + d, s.w)
            }
        })
}
