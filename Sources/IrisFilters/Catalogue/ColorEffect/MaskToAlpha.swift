import IrisCore

extension BuiltInFilters {
    /// CIMaskToAlpha: a white image whose alpha is the input's working-space luma (Rec.709, clamped 0…1);
    /// premultiplied, so every component is that luma. A transparent input gives a transparent output.
    static let maskToAlpha = FilterDescriptor(
        name: "CIMaskToAlpha", displayName: "Mask to Alpha",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Converts a grayscale image to a white image that is masked by alpha.",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                maskToAlphaKernel, [image], KernelArguments([]), extent: image.extent, label: "CIMaskToAlpha")
        })

    // On premultiplied colour the luma is alpha times the straight one, which is what the output needs.
    static let maskToAlphaKernel = Kernel(
        color: "irisMaskToAlpha", parameters: [],
        glsl: """
            vec4 irisMaskToAlpha(vec4 s0) { return vec4(clamp(dot(s0.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0)); }
            """,
        cpu: { px, _, _, _ in
            for i in px.indices { px[i] = SIMD4(repeating: min(max(WorkingSpaceLuma.luma(px[i]), 0), 1)) }
        })
}
