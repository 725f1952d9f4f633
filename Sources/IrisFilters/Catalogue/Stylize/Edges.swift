import IrisCore

extension BuiltInFilters {
    /// CIEdges: the Sobel gradient magnitude of each colour component (premultiplied), sqrt(gx² + gy²), times
    /// `inputIntensity`, held at or below the pixel's alpha (which is kept). Core Image does not publish its
    /// operator; Sobel is the textbook one. The extent grows by a pixel.
    static let edges = FilterDescriptor(
        name: "CIEdges", displayName: "Edges",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Finds all edges in an image and displays them in color.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0...10,
                summary: "The gain applied to the gradient magnitude.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                edgesKernel, [image], KernelArguments([.float(Float(try args.number("inputIntensity")))]),
                extent: image.extent.insetBy(dx: -1, dy: -1), label: "CIEdges")
        })

    static let edgesKernel = Kernel(
        general: "irisEdges", parameters: [.init("intensity", "float")],
        glsl: """
            vec4 irisEdges(vec2 dc, float intensity) {
                vec4 tl = sample0(dc + vec2(-1.0, 1.0)), t = sample0(dc + vec2(0.0, 1.0)), tr = sample0(dc + vec2(1.0, 1.0));
                vec4 l = sample0(dc + vec2(-1.0, 0.0)), c = sample0(dc), r = sample0(dc + vec2(1.0, 0.0));
                vec4 bl = sample0(dc + vec2(-1.0, -1.0)), b = sample0(dc + vec2(0.0, -1.0)), br = sample0(dc + vec2(1.0, -1.0));
                vec3 gx = (tr.rgb + 2.0 * r.rgb + br.rgb) - (tl.rgb + 2.0 * l.rgb + bl.rgb);
                vec3 gy = (tl.rgb + 2.0 * t.rgb + tr.rgb) - (bl.rgb + 2.0 * b.rgb + br.rgb);
                return vec4(min(intensity * sqrt(gx * gx + gy * gy), vec3(c.a)), c.a);
            }
            """,
        cpu: { coords, sample, args in
            let intensity = args.float(0)
            func at(_ dx: Float, _ dy: Float) -> [SIMD4<Float>] { sample(0, coords.map { $0 + SIMD2(dx, dy) }) }
            let tl = at(-1, 1), t = at(0, 1), tr = at(1, 1), l = at(-1, 0), c = at(0, 0), r = at(1, 0)
            let bl = at(-1, -1), b = at(0, -1), br = at(1, -1)
            return coords.indices.map { k in
                let gx = (tr[k] + 2 * r[k] + br[k]) - (tl[k] + 2 * l[k] + bl[k])
                let gy = (tl[k] + 2 * t[k] + tr[k]) - (bl[k] + 2 * b[k] + br[k])
                let m = intensity * (gx * gx + gy * gy).squareRoot()
                let a = c[k].w
                return SIMD4(min(m.x, a), min(m.y, a), min(m.z, a), a)
            }
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: -1) })
}
