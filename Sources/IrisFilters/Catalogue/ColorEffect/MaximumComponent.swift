import IrisCore

extension BuiltInFilters {
    /// CIMaximumComponent: grey at max(r, g, b) of straight colour; alpha kept.
    static let maximumComponent = FilterDescriptor(
        name: "CIMaximumComponent", displayName: "Maximum Component",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Returns a grayscale image from max(r,g,b).",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                maximumComponentKernel, [image], KernelArguments([]), extent: image.extent, label: "CIMaximumComponent")
        })

    // On premultiplied colour the maximum is alpha times the straight one, which is what the output needs.
    static let maximumComponentKernel = Kernel(color: "irisMaximumComponent") { s0, _ in
        vec4(vec3(s0.rgb.largestComponent), s0.a)
    }
}
