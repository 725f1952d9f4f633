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
    static let vibranceKernel = Kernel(color: "irisVibrance") { s0, parameters in
        let amount = parameters.float("amount")
        let c = s0.unpremultiplied
        let chroma = c.rgb.largestComponent - c.rgb.smallestComponent
        let luma = c.rgb.dot(Formula(WorkingSpaceLuma.weights))
        let boost = 1 + amount * (1 - chroma)
        return vec4(luma + (c.rgb - luma) * boost, c.a).premultiplied
    }
}
