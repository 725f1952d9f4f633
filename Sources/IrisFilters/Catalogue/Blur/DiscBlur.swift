import IrisCore

extension BuiltInFilters {
    /// CIDiscBlur: the average over a disc of radius `inputRadius`. Taps lie on a square grid of spacing
    /// s = max(1, r/8) (so at most 19×19 taps, whatever the radius; beyond r = 8 the grid reads between
    /// texels bilinearly); a tap at distance d weighs clamp((r − d)/s + 0.5, 0, 1): 1 inside the disc, a
    /// fraction for the cell its edge crosses, so the blur grows smoothly with the radius. Like Core Image's
    /// blurs it clamps nothing: the extent grows by the reach.
    static let discBlur = FilterDescriptor(
        name: "CIDiscBlur", displayName: "Disc Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Blurs an image using a disc-shaped convolution kernel.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(8), range: 0...1000, slider: 0...100,
                summary: "The radius of the disc, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius")
            if radius < 0.5 { return image }
            let grid = discGrid(radius: radius)
            let reach = grid.reach * grid.step
            return Image.make(
                discBlurKernel, [image],
                KernelArguments([.float(Float(radius)), .float(Float(grid.step)), .float(Float(grid.reach))]),
                extent: image.extent.insetBy(dx: -reach, dy: -reach), label: "CIDiscBlur")
        })

    /// The tap grid of a disc of radius r: spacing and the number of taps each side of the centre.
    static func discGrid(radius r: Double) -> (step: Double, reach: Double) {
        let step = max(1, r / 8)
        return (step, min((r / step + 0.5).rounded(.up), Double(discMaximumReach)))
    }

    static let discMaximumReach = 9

    static let discBlurKernel = Kernel(
        general: "irisDiscBlur",
        parameters: [.init("radius", "float"), .init("step", "float"), .init("reach", "float")],
        glsl: """
            vec4 irisDiscBlur(vec2 dc, float radius, float stride, float reach) {
            \(DiscTapMean.glslMean(weight: "float w = clamp((radius - length(o)) / stride + 0.5, 0.0, 1.0);"))
            }
            """,
        cpu: { coords, sample, args in
            let radius = args.float(0), step = args.float(1), reach = Int(args.float(2))
            return DiscTapMean.mean(coords, sample, step: step, reach: reach) { o in
                min(max((radius - (o.x * o.x + o.y * o.y).squareRoot()) / step + 0.5, 0), 1)
            }
        }, roi: DiscTapMean.roi)
}
