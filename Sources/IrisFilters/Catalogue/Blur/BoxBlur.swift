import IrisCore

extension BuiltInFilters {
    /// CIBoxBlur: the average over a box `inputRadius` pixels to each side, as two separable passes. A
    /// fractional radius weights the outermost taps by its fraction, so the blur grows smoothly with it.
    /// Like Core Image it clamps nothing: the extent grows by the radius.
    static let boxBlur = FilterDescriptor(
        name: "CIBoxBlur", displayName: "Box Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Blurs an image using a box-shaped convolution kernel.",
        inputs: [
            .image,
            // Core Image's minimum is 1; 100 (its slider maximum) keeps one pass within the GLSL loop bound.
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(10), range: 1...100,
                summary: "The half-width of the box, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius")
            let pairs = boxPairs(radius: radius)
            if pairs == 0 { return image }
            let horizontal = SeparableBlurPass.apply(
                boxKernel, to: image, direction: .horizontal, size: radius, pairs: pairs, label: "CIBoxBlur")
            return SeparableBlurPass.apply(
                boxKernel, to: horizontal, direction: .vertical, size: radius, pairs: pairs, label: "CIBoxBlur")
        })

    /// Taps 1…⌊r⌋ weigh 1 and tap ⌊r⌋+1 weighs the fraction of r; pairs cover them two at a time.
    static func boxPairs(radius r: Double) -> Int {
        let whole = Int(r.rounded(.down))
        let taps = whole + (r > Double(whole) ? 1 : 0)
        return (taps + 1) / 2
    }

    /// w(j) = clamp(r + 1 − j, 0, 1): 1 inside the box, the fraction at its edge, 0 beyond.
    static let boxKernel = SeparableBlurPass.kernel(
        name: "irisBoxBlur", weightGLSL: { j in "clamp(size + 1.0 - \(j), 0.0, 1.0)" },
        weight: { j, size in min(max(size + 1 - j, 0), 1) })
}
