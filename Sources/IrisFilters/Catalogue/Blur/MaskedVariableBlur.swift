import IrisCore

extension BuiltInFilters {
    /// CIMaskedVariableBlur: a blur whose radius follows the mask, from none where `inputMask` is black to
    /// `inputRadius` where it is white. As in Core Image, it is not one blur per pixel: the image is blurred at
    /// four levels (CIGaussianBlur with σ = ¼, ½, ¾ and all of `inputRadius`, edges extended), and each pixel
    /// mixes the two levels around its own σ = t · `inputRadius`, where t is the mask's luma in the gamma-2
    /// perceptual space (so mid-grey is about half the radius). Outside the mask's extent nothing is blurred;
    /// the extent stays the input's.
    static let maskedVariableBlur = FilterDescriptor(
        name: "CIMaskedVariableBlur", displayName: "Masked Variable Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Blurs an image according to the brightness levels in a mask image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputMask", .image,
                summary: "Where to blur: black leaves the image sharp, white blurs it by the full radius."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(10), range: 0...500, slider: 0...100,
                summary: "The Gaussian standard deviation where the mask is white, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage"), mask = try args.image("inputMask")
            let radius = try args.number("inputRadius")
            let levels = (1...4).map {
                edgeExtendedGaussian(image, sigma: radius * Double($0) / 4, label: "CIMaskedVariableBlur")
            }
            return Image.make(
                maskedVariableBlurKernel, [image, mask] + levels, KernelArguments([]), extent: image.extent,
                label: "CIMaskedVariableBlur")
        })

    /// Inputs: the image, the mask, then the four blur levels.
    static let maskedVariableBlurKernel = Kernel(
        color: "irisMaskedVariableBlur", inputCount: 6, parameters: [],
        glsl: """
            vec4 irisMaskedVariableBlur(vec4 s0, vec4 s1, vec4 s2, vec4 s3, vec4 s4, vec4 s5) {
                float t = 4.0 * sqrt(clamp(dot(s1.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0));
                vec4 result = s0 + clamp(t, 0.0, 1.0) * (s2 - s0);
                result += clamp(t - 1.0, 0.0, 1.0) * (s3 - s2);
                result += clamp(t - 2.0, 0.0, 1.0) * (s4 - s3);
                return result + clamp(t - 3.0, 0.0, 1.0) * (s5 - s4);
            }
            """,
        cpu: { px, others, _, _ in
            let mask = others[0], levels = Array(others[1...])
            for i in px.indices {
                let t = 4 * min(max(WorkingSpaceLuma.luma(mask[i]), 0), 1).squareRoot()
                var below = px[i], result = px[i]
                for (k, level) in levels.enumerated() {
                    result += min(max(t - Float(k), 0), 1) * (level[i] - below)
                    below = level[i]
                }
                px[i] = result
            }
        })
}
