import IrisCore

extension BuiltInFilters {
    /// CIColorAbsoluteDifference: |a − b| of the two images' straight working-space red, green and blue;
    /// alpha is the product of the two alphas (Core Image's description). The extent is where both are
    /// defined, since the product of alphas is zero elsewhere.
    static let colorAbsoluteDifference = FilterDescriptor(
        name: "CIColorAbsoluteDifference", displayName: "Color Absolute Difference",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.interlaced,
            FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Produces an image that is the absolute value of the color difference between two images.",
        inputs: [
            .image,
            FilterInputDescriptor("inputImage2", .image, summary: "The image to subtract.")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputImage2")
            return Image.make(
                colorAbsoluteDifferenceKernel, [a, b], KernelArguments([]),
                extent: a.extent.intersection(b.extent), label: "CIColorAbsoluteDifference")
        })

    static let colorAbsoluteDifferenceKernel = Kernel(
        color: "irisColorAbsoluteDifference", inputCount: 2, parameters: [],
        glsl: """
            vec4 irisColorAbsoluteDifference(vec4 s0, vec4 s1) {
                vec4 a = iris_unpremultiply(s0), b = iris_unpremultiply(s1);
                float alpha = a.a * b.a;
                return vec4(abs(a.rgb - b.rgb) * alpha, alpha);
            }
            """,
        cpu: { px, others, _, _ in
            let second = others[0]
            for i in px.indices {
                let a = unpremultiplied(px[i]), b = unpremultiplied(second[i])
                let alpha = a.w * b.w
                px[i] = SIMD4(abs(a.x - b.x) * alpha, abs(a.y - b.y) * alpha, abs(a.z - b.z) * alpha, alpha)
            }
        })
}
