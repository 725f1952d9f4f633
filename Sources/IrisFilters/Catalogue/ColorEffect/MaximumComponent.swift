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
    static let maximumComponentKernel = Kernel(
        color: "irisMaximumComponent", parameters: [],
        glsl: """
            vec4 irisMaximumComponent(vec4 s0) { return vec4(vec3(max(s0.r, max(s0.g, s0.b))), s0.a); }
            """,
        cpu: { px, _, _, _ in
            for i in px.indices {
                let c = px[i]
                let v = max(c.x, max(c.y, c.z))
                px[i] = SIMD4(v, v, v, c.w)
            }
        })
}
