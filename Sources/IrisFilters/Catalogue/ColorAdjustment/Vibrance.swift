import IrisCore

extension BuiltInFilters {
    /// CIVibrance: raises saturation more where colours are muted, so skin and already vivid colours change
    /// little.
    static let vibrance = FilterDescriptor(
        name: "CIVibrance", displayName: "Vibrance",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Adjusts the saturation of an image while keeping pleasing skin tones.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputAmount", .scalar, default: .number(0), range: -1...1,
                summary: "Positive boosts muted colours, negative mutes them.")
        ],
        build: { args throws(FilterError) in
            let amount = try args.number("inputAmount")
            let image = try args.image("inputImage")
            if amount == 0 { return image }
            return Image.make(
                vibranceKernel, [image], KernelArguments([.float(Float(amount))]), extent: image.extent,
                label: "CIVibrance")
        })

    /// Core Image's formula is not public. Iris's, on straight working-space colour c:
    ///   chroma = max(c) − min(c); s = 1 + amount · (1 − chroma); out = luma + (c − luma) · s
    /// with Rec.709 luma: grey is untouched, fully saturated colour is untouched, muted colour moves most.
    /// Chroma is not clamped to 1: a colour outside the gamut (a component below 0 after a strong contrast or
    /// saturation) moves the other way, a little and smoothly. A clamp there put a kink in the middle of
    /// dark saturated colours that no colour cube could follow, so chains with vibrance never baked.
    static let vibranceKernel = Kernel(
        color: "irisVibrance", parameters: [.init("amount", "float")],
        glsl: """
            vec4 irisVibrance(vec4 s0, float amount) {
                vec4 c = iris_unpremultiply(s0);
                float chroma = max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b));
                float luma = dot(c.rgb, \(WorkingSpaceLuma.glsl));
                vec3 rgb = luma + (c.rgb - luma) * (1.0 + amount * (1.0 - chroma));
                return vec4(rgb * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let amount = args.float(0)
            px.withUnsafeMutableBufferPointer { p in
                for i in p.indices {
                    let c = unpremultiplied(p[i])
                    let chroma = max(c.x, max(c.y, c.z)) - min(c.x, min(c.y, c.z))
                    let luma = WorkingSpaceLuma.luma(c)
                    let s = 1 + amount * (1 - chroma)
                    var v = (c - luma) * s + luma
                    v.w = c.w
                    p[i] = premultiplied(v)
                }
            }
        })
}
