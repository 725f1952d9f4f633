import IrisCore

extension BuiltInFilters {
    /// CIMinimumComponent: grey at min(r, g, b) of straight colour; alpha kept.
    static let minimumComponent = FilterDescriptor(
        name: "CIMinimumComponent", displayName: "Minimum Component",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Returns a grayscale image from min(r,g,b).",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                minimumComponentKernel, [image], KernelArguments([]), extent: image.extent, label: "CIMinimumComponent")
        })

    // On premultiplied colour the minimum is alpha times the straight one, which is what the output needs.
    // On premultiplied colour the minimum is alpha times the straight one, which is what the output needs.
    static let minimumComponentKernel = Kernel(color: "irisMinimumComponent") { s0, _ in
        vec4(vec3(s0.rgb.smallestComponent), s0.a)
    }
}
