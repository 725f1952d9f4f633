import IrisCore

extension BuiltInFilters {
    /// CISRGBToneCurveToLinear: the sRGB decoding curve applied to straight working-space colour (the
    /// inverse of CILinearToSRGBToneCurve), sign kept likewise.
    static let sRGBToneCurveToLinear = FilterDescriptor(
        name: "CISRGBToneCurveToLinear", displayName: "sRGB Tone Curve to Linear",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Maps color intensity from the sRGB color space to a linear gamma curve.",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                sRGBToLinearCurveKernel, [image], KernelArguments([]), extent: image.extent,
                label: "CISRGBToneCurveToLinear")
        })

    static let sRGBToLinearCurveKernel = Kernel(
        color: "irisSRGBToneCurveToLinear", parameters: [],
        glsl: """
            vec4 irisSRGBToneCurveToLinear(vec4 s0) {
                vec4 c = iris_unpremultiply(s0);
                return vec4(sign(c.rgb) * iris_srgb_to_linear(abs(c.rgb)) * c.a, c.a);
            }
            """,
        cpu: { px, _, _, _ in
            @inline(__always) func f(_ v: Float) -> Float {
                v < 0 ? -TransferFunction.sRGBToLinear(-v) : TransferFunction.sRGBToLinear(v)
            }
            for i in px.indices {
                let c = unpremultiplied(px[i])
                px[i] = premultiplied(SIMD4(f(c.x), f(c.y), f(c.z), c.w))
            }
        })
}
