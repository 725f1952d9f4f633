import IrisCore

extension BuiltInFilters {
    /// CICrystallize: a Voronoi diagram of random points, one per square cell of side `inputRadius` (the
    /// grid anchored at `inputCenter`, points jittered by `CellularSupport.hash`); each pixel takes the
    /// colour at its nearest point (read bilinearly). The extent stays the input's.
    static let crystallize = FilterDescriptor(
        name: "CICrystallize", displayName: "Crystallize",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Creates polygon-shaped color blocks by aggregating source pixel-color values.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(20), range: 1...Double.infinity, slider: 1...100,
                summary: "The size of the crystals: one per square of this side, in pixels."),
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]),
                summary: "Where the grid of crystals is anchored.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), radius = try args.number("inputRadius")
            return Image.make(
                crystallizeKernel, [image],
                KernelArguments([.vec2(SIMD2(Float(center[0]), Float(center[1]))), .float(Float(radius))]),
                extent: image.extent, label: "CICrystallize")
        })

    static let crystallizeKernel = Kernel(
        general: "irisCrystallize", parameters: [.init("center", "vec2"), .init("size", "float")],
        glsl: """
            vec4 irisCrystallize(vec2 dc, vec2 center, float size) {
                vec2 q = dc - center;
                \(CellularSupport.nearestGLSL)
                return sample0(center + best);
            }
            """,
        cpu: { coords, sample, args in
            let center = args.vec2(0), size = args.float(1)
            return sample(0, coords.map { center + CellularSupport.nearest($0 - center, size: size).point })
        },
        roi: { _, rect, args in
            let reach = Double(args.float(1)) * 2
            return rect.insetBy(dx: -reach, dy: -reach)
        })
}
