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
    static let maskToAlphaKernel = Kernel(color: "irisMaskToAlpha") { s0, _ in
        vec4(s0.rgb.dot(Formula(WorkingSpaceLuma.weights)).clamped(0, 1))
    }
}
