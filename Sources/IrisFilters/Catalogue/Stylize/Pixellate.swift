import IrisCore

extension BuiltInFilters {
    /// CIPixellate: square cells of side `inputScale`, with a cell corner at `inputCenter`; every pixel of a
    /// cell takes the colour at the cell's centre (read bilinearly, so a centre between texels averages
    /// them). The extent stays the input's.
    static let pixellate = FilterDescriptor(
        name: "CIPixellate", displayName: "Pixellate",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary:
            "Makes an image blocky by mapping the image to colored squares whose color is defined by the replaced pixels.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "A corner of the grid of cells."),
            FilterInputDescriptor(
                "inputScale", .distance, default: .number(8), range: 1...Double.infinity, slider: 1...100,
                summary: "The side of a cell, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), scale = try args.number("inputScale")
            return Image.make(
                pixellateKernel, [image],
                KernelArguments([.vec2(SIMD2(Float(center[0]), Float(center[1]))), .float(Float(scale))]),
                extent: image.extent, label: "CIPixellate")
        })

    static let pixellateKernel = Kernel(
        general: "irisPixellate", parameters: [.init("center", "vec2"), .init("scale", "float")],
        glsl: """
            vec4 irisPixellate(vec2 dc, vec2 center, float scale) {
                return sample0(center + (floor((dc - center) / scale) + 0.5) * scale);
            }
            """,
        cpu: { coords, sample, args in
            let center = args.vec2(0), scale = args.float(1)
            return sample(0, coords.map { center + (((($0 - center) / scale).rounded(.down)) + 0.5) * scale })
        },
        roi: { _, rect, args in
            let scale = Double(args.float(1))
            return rect.insetBy(dx: -scale, dy: -scale)
        })
}
