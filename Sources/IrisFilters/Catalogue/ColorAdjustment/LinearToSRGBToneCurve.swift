import IrisCore

extension BuiltInFilters {
    /// CILinearToSRGBToneCurve: the sRGB encoding curve (IEC 61966-2-1) applied to straight working-space
    /// colour, as if linear values were sRGB-encoded; negative components keep their sign: sign(c)·f(|c|).
    static let linearToSRGBToneCurve = FilterDescriptor(
        name: "CILinearToSRGBToneCurve", displayName: "Linear to sRGB Tone Curve",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Maps color intensity from a linear gamma curve to the sRGB color space.",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                linearToSRGBCurveKernel, [image], KernelArguments([]), extent: image.extent,
                label: "CILinearToSRGBToneCurve")
        })

    static let linearToSRGBCurveKernel = Kernel(
        color: "irisLinearToSRGBToneCurve", parameters: [],
        glsl: """
            vec4 irisLinearToSRGBToneCurve(vec4 s0) {
                vec4 c = iris_unpremultiply(s0);
                return vec4(sign(c.rgb) * iris_linear_to_srgb(abs(c.rgb)) * c.a, c.a);
            }
            """,
        cpu: { px, _, _, _ in
            @inline(__always) func f(_ v: Float) -> Float {
                v < 0 ? -TransferFunction.linearToSRGB(-v) : TransferFunction.linearToSRGB(v)
            }
            for i in px.indices {
                let c = unpremultiplied(px[i])
                px[i] = premultiplied(SIMD4(f(c.x), f(c.y), f(c.z), c.w))
            }
        })
}
