import IrisCore

extension BuiltInFilters {
    /// CIHexagonalPixellate: hexagonal cells whose centres are `inputScale` apart, one centre at
    /// `inputCenter`; every pixel takes the colour at its cell's centre (read bilinearly). The cells are found
    /// as the nearer of the nearest points of two rectangular lattices of spacing (s, s·√3): one through
    /// the centre, one offset from it by half a spacing in x and y
    /// (the usual hexagon-grid construction). The extent stays the input's.
    static let hexagonalPixellate = FilterDescriptor(
        name: "CIHexagonalPixellate", displayName: "Hexagonal Pixellate",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Displays an image as colored hexagons whose color is an average of the pixels they replace.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre of one hexagon."),
            FilterInputDescriptor(
                "inputScale", .distance, default: .number(8), range: 1...Double.infinity, slider: 1...100,
                summary: "The distance between neighbouring hexagons' centres, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), scale = try args.number("inputScale")
            return Image.make(
                hexagonalPixellateKernel, [image],
                KernelArguments([.vec2(SIMD2(Float(center[0]), Float(center[1]))), .float(Float(scale))]),
                extent: image.extent, label: "CIHexagonalPixellate")
        })

    /// The centre of the hexagon holding `q` (relative to one centre), for hexagons `s` apart.
    @inline(__always) static func hexagonCentre(_ q: SIMD2<Float>, _ s: Float) -> SIMD2<Float> {
        let r = SIMD2<Float>(s, s * 1.7320508)
        let a = SIMD2(((q.x / r.x).rounded(.down) + 0.5) * r.x, ((q.y / r.y).rounded(.down) + 0.5) * r.y)
        let b = SIMD2((q.x / r.x + 0.5).rounded(.down) * r.x, (q.y / r.y + 0.5).rounded(.down) * r.y)
        let da = q - a, db = q - b
        return (da.x * da.x + da.y * da.y) <= (db.x * db.x + db.y * db.y) ? a : b
    }

    static let hexagonalPixellateKernel = Kernel(
        general: "irisHexagonalPixellate", parameters: [.init("center", "vec2"), .init("scale", "float")],
        glsl: """
            vec4 irisHexagonalPixellate(vec2 dc, vec2 center, float scale) {
                vec2 r = vec2(scale, scale * 1.7320508);
                vec2 q = dc - center;
                vec2 a = (floor(q / r) + 0.5) * r;
                vec2 b = floor(q / r + 0.5) * r;
                vec2 c = dot(q - a, q - a) <= dot(q - b, q - b) ? a : b;
                return sample0(center + c);
            }
            """,
        cpu: { coords, sample, args in
            let center = args.vec2(0), scale = args.float(1)
            return sample(0, coords.map { center + hexagonCentre($0 - center, scale) })
        },
        roi: { _, rect, args in
            let scale = Double(args.float(1)) * 2
            return rect.insetBy(dx: -scale, dy: -scale)
        })
}
