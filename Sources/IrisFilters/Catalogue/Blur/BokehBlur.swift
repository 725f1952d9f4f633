import IrisCore

extension BuiltInFilters {
    /// CIBokehBlur: a lens-like disc blur. Taps on CIDiscBlur's grid (spacing s = max(1, r/8), at most 9
    /// each side) at distance d weigh edge · (1 + 4·ringAmount·bump): edge = clamp((r − d)/(s·softness) + 0.5,
    /// 0, 1) softens the disc's rim over `inputSoftness` grid cells, and bump = clamp(1 − |d − (r − ρ/2)| /
    /// max(ρ/2, 0.5), 0, 1) brightens a ring of width ρ = ringSize·r inside the rim, as out-of-focus
    /// highlights show. Core Image does not publish its method; this one is Iris's (it does not boost
    /// highlights before blurring). Like the other blurs it clamps nothing: the extent grows by the reach.
    static let bokehBlur = FilterDescriptor(
        name: "CIBokehBlur", displayName: "Bokeh Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Smooths an image using a disc-shaped convolution kernel.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(20), range: 0...500, slider: 0...500,
                summary: "The radius of the out-of-focus disc, in pixels."),
            FilterInputDescriptor(
                "inputRingAmount", .scalar, default: .number(0), range: 0...1,
                summary: "How bright the ring at the disc's rim is."),
            FilterInputDescriptor(
                "inputRingSize", .scalar, default: .number(0.1), range: 0...0.2,
                summary: "The ring's width, as a fraction of the radius."),
            FilterInputDescriptor(
                "inputSoftness", .scalar, default: .number(1), range: 0...10,
                summary: "How soft the disc's rim is, in grid cells.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), ringAmount = try args.number("inputRingAmount")
            let ringSize = try args.number("inputRingSize"), softness = max(try args.number("inputSoftness"), 0.01)
            if radius < 0.5 { return image }
            let step = max(1, radius / 8)
            let reach = min((radius / step + softness / 2 + 0.5).rounded(.up), Double(discMaximumReach))
            let arguments = KernelArguments([
                .float(Float(radius)), .float(Float(step)), .float(Float(reach)), .float(Float(ringAmount)),
                .float(Float(ringSize * radius)), .float(Float(softness))
            ])
            return Image.make(
                bokehBlurKernel, [image], arguments, extent: image.extent.insetBy(dx: -reach * step, dy: -reach * step),
                label: "CIBokehBlur")
        })

    static let bokehBlurKernel = Kernel(
        general: "irisBokehBlur",
        parameters: [
            .init("radius", "float"), .init("step", "float"), .init("reach", "float"), .init("ringAmount", "float"),
            .init("ringWidth", "float"), .init("softness", "float")
        ],
        glsl: """
            vec4 irisBokehBlur(vec2 dc, float radius, float stride, float reach, float ringAmount, float ringWidth, float softness) {
            \(DiscTapMean.glslMean(weight: """
            float d = length(o);
            float edge = clamp((radius - d) / (stride * softness) + 0.5, 0.0, 1.0);
            float bump = clamp(1.0 - abs(d - (radius - 0.5 * ringWidth)) / max(0.5 * ringWidth, 0.5), 0.0, 1.0);
            float w = edge * (1.0 + 4.0 * ringAmount * bump);
            """))
            }
            """,
        cpu: { coords, sample, args in
            let radius = args.float(0), step = args.float(1), reach = Int(args.float(2)), ringAmount = args.float(3)
            let ringWidth = args.float(4), softness = args.float(5)
            return DiscTapMean.mean(coords, sample, step: step, reach: reach) { o in
                let d = (o.x * o.x + o.y * o.y).squareRoot()
                let edge = min(max((radius - d) / (step * softness) + 0.5, 0), 1)
                let bump = min(max(1 - abs(d - (radius - 0.5 * ringWidth)) / max(0.5 * ringWidth, 0.5), 0), 1)
                return edge * (1 + 4 * ringAmount * bump)
            }
        }, roi: DiscTapMean.roi)
}
