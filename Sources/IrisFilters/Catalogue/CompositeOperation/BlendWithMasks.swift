import IrisCore

/// CIBlendWithMask and its alpha, red and blue variants: out = mix(background, image, m), per premultiplied
/// component, where m is read from `inputMaskImage` at the same pixel (its premultiplied, linear
/// working-space colour) and clamped to 0…1: 0 gives the background, 1 the image. Where the mask is not
/// defined m is 0 (transparent black), so the background shows. The extent is the union of the image's and
/// the background's.
///
/// Core Image files these under CICategoryStylize; Iris lists them with the compositing filters as well.
enum MaskBlend {
    /// A three-input colour kernel (image, background, mask); `maskGLSL` is an expression of `vec4 s2`,
    /// `mask` the same in Swift.
    static func kernel(_ name: String, maskGLSL: String, mask: @escaping @Sendable (SIMD4<Float>) -> Float) -> Kernel {
        Kernel(
            color: name, inputCount: 3, parameters: [],
            glsl: """
                vec4 \(name)(vec4 s0, vec4 s1, vec4 s2) {
                    float m = clamp(\(maskGLSL), 0.0, 1.0);
                    return s1 + (s0 - s1) * m;
                }
                """,
            cpu: { px, others, _, _ in
                let bg = others[0], masks = others[1]
                for i in 0..<min(px.count, bg.count, masks.count) {
                    let m = min(max(mask(masks[i]), 0), 1)
                    px[i] = bg[i] + (px[i] - bg[i]) * m
                }
            })
    }

    static func filter(_ name: String, _ displayName: String, summary: String, maskSummary: String, kernel: Kernel)
        -> FilterDescriptor
    {
        FilterDescriptor(
            name: name, displayName: displayName,
            categories: [
                FilterCategory.stylize, FilterCategory.compositeOperation, FilterCategory.video,
                FilterCategory.stillImage, FilterCategory.builtIn
            ],
            summary: summary,
            inputs: [
                .image,
                FilterInputDescriptor("inputBackgroundImage", .image, summary: "The image shown where the mask is 0."),
                FilterInputDescriptor("inputMaskImage", .image, summary: maskSummary)
            ],
            build: { args throws(FilterError) in
                let image = try args.image("inputImage"), background = try args.image("inputBackgroundImage")
                let mask = try args.image("inputMaskImage")
                return Image.make(
                    kernel, [image, background, mask], KernelArguments([]),
                    extent: image.extent.union(background.extent), label: name)
            })
    }
}

extension BuiltInFilters {
    /// CIBlendWithMask: m = the mask's green (premultiplied). Apple's reference describes a greyscale mask
    /// and says "when a mask green value is 0.0, the result is the background"; for a grey mask green, luma
    /// and every other channel are the same level.
    static let blendWithMask = MaskBlend.filter(
        "CIBlendWithMask", "Blend With Mask",
        summary: "Uses values from a grayscale mask to interpolate between an image and the background.",
        maskSummary: "A greyscale mask: where its green is 1 the image shows, where 0 the background.",
        kernel: MaskBlend.kernel("irisBlendWithMask", maskGLSL: "s2.g", mask: { $0.y }))

    /// CIBlendWithAlphaMask: m = the mask's alpha.
    static let blendWithAlphaMask = MaskBlend.filter(
        "CIBlendWithAlphaMask", "Blend With Alpha Mask",
        summary: "Uses alpha values from a mask to interpolate between an image and the background.",
        maskSummary: "A mask: where its alpha is 1 the image shows, where 0 the background.",
        kernel: MaskBlend.kernel("irisBlendWithAlphaMask", maskGLSL: "s2.a", mask: { $0.w }))

    /// CIBlendWithRedMask: m = the mask's red (premultiplied).
    static let blendWithRedMask = MaskBlend.filter(
        "CIBlendWithRedMask", "Blend With Red Mask",
        summary: "Uses red values from a mask to interpolate between an image and the background.",
        maskSummary: "A mask: where its red is 1 the image shows, where 0 the background.",
        kernel: MaskBlend.kernel("irisBlendWithRedMask", maskGLSL: "s2.r", mask: { $0.x }))

    /// CIBlendWithBlueMask: m = the mask's blue (premultiplied).
    static let blendWithBlueMask = MaskBlend.filter(
        "CIBlendWithBlueMask", "Blend With Blue Mask",
        summary: "Uses blue values from a mask to interpolate between an image and the background.",
        maskSummary: "A mask: where its blue is 1 the image shows, where 0 the background.",
        kernel: MaskBlend.kernel("irisBlendWithBlueMask", maskGLSL: "s2.b", mask: { $0.z }))
}
