import IrisCore

extension BuiltInFilters {
    /// CIColorThreshold: each straight working-space red, green and blue becomes 1 where it is greater than
    /// `inputThreshold` and 0 otherwise (Core Image's description); alpha is kept.
    static let colorThreshold = FilterDescriptor(
        name: "CIColorThreshold", displayName: "Color Threshold",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.interlaced,
            FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Produces a binarized image from an image and a threshold value.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputThreshold", .scalar, default: .number(0.5), slider: 0...1,
                summary: "Components above it become 1, the others 0.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                colorThresholdKernel, [image], KernelArguments([.float(Float(try args.number("inputThreshold")))]),
                extent: image.extent, label: "CIColorThreshold")
        })

    static let colorThresholdKernel = Kernel(
        color: "irisColorThreshold", parameters: [.init("threshold", "float")],
        glsl: """
            vec4 irisColorThreshold(vec4 s0, float threshold) {
                vec4 c = iris_unpremultiply(s0);
                return vec4(vec3(greaterThan(c.rgb, vec3(threshold))) * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let t = args.float(0)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                px[i] = SIMD4(c.x > t ? c.w : 0, c.y > t ? c.w : 0, c.z > t ? c.w : 0, c.w)
            }
        })
}
