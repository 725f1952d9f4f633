import IrisCore

extension BuiltInFilters {
    /// CIPointillize: round dots of radius `inputRadius` on white paper. Dot centres are random points, one
    /// per square cell of side 2·radius (the grid anchored at `inputCenter`, jittered by
    /// `CellularSupport.hash`); a pixel takes the colour read at its nearest centre, with coverage
    /// clamp(radius − distance + 0.5, 0, 1) (a one-pixel soft edge) over opaque white. The paper colour is
    /// Iris's choice: Core Image does not document its background. The extent stays the input's.
    static let pointillize = FilterDescriptor(
        name: "CIPointillize", displayName: "Pointillize",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Renders the source image in a pointillistic style.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(20), range: 1...Double.infinity, slider: 1...100,
                summary: "The radius of the dots, in pixels."),
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "Where the grid of dots is anchored.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), radius = try args.number("inputRadius")
            return Image.make(
                pointillizeKernel, [image],
                KernelArguments([.vec2(SIMD2(Float(center[0]), Float(center[1]))), .float(Float(radius))]),
                extent: image.extent, label: "CIPointillize")
        })

    static let pointillizeKernel = Kernel(
        general: "irisPointillize", parameters: [.init("center", "vec2"), .init("radius", "float")],
        glsl: """
            vec4 irisPointillize(vec2 dc, vec2 center, float radius) {
                vec2 q = dc - center;
                float size = 2.0 * radius;
                \(CellularSupport.nearestGLSL)
                float coverage = clamp(radius - sqrt(bestD2) + 0.5, 0.0, 1.0);
                return coverage * sample0(center + best) + (1.0 - coverage) * vec4(1.0);
            }
            """,
        cpu: { coords, sample, args in
            let center = args.vec2(0), radius = args.float(1)
            let found = coords.map { CellularSupport.nearest($0 - center, size: 2 * radius) }
            let colours = sample(0, found.map { center + $0.point })
            return coords.indices.map { k in
                let coverage = min(max(radius - found[k].distance + 0.5, 0), 1)
                return coverage * colours[k] + (1 - coverage) * SIMD4(repeating: 1)
            }
        },
        roi: { _, rect, args in
            let reach = Double(args.float(1)) * 4
            return rect.insetBy(dx: -reach, dy: -reach)
        })
}
