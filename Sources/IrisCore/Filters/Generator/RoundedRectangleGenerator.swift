extension BuiltInFilters {
    /// CIRoundedRectangleGenerator: `inputColor` inside the rectangle `inputExtent` (x, y, width, height)
    /// with corners rounded to `inputRadius` (at most half the shorter side). Each pixel's coverage is
    /// clamp(½ − d, 0, 1), d the signed distance from its centre to the shape's edge (negative inside), so
    /// straight edges on whole pixels are sharp and the corners are antialiased. The extent is the rectangle.
    static let roundedRectangleGenerator = FilterDescriptor(
        name: "CIRoundedRectangleGenerator", displayName: "Rounded Rectangle Generator", categories: GeneratorSupport.generatorCategories,
        summary: "Generates a rounded rectangle image with the specified extent, corner radius, and color.",
        inputs: [
            FilterInputDescriptor("inputExtent", .vector, default: .vector([0, 0, 100, 100]), summary: "The rectangle: x, y, width, height."),
            FilterInputDescriptor("inputRadius", .distance, default: .number(10), range: 0...Double.infinity, slider: 0...100,
                                  summary: "The radius of the rounded corners, in pixels."),
            FilterInputDescriptor("inputColor", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour of the rectangle."),
        ],
        build: { args throws(FilterError) in
            let v = try args.vector("inputExtent")
            guard v.count == 4 else {
                throw .invalidValue(filter: "CIRoundedRectangleGenerator", key: "inputExtent", reason: "needs 4 components, got \(v.count)")
            }
            guard v[2] >= 0, v[3] >= 0 else {
                throw .invalidValue(filter: "CIRoundedRectangleGenerator", key: "inputExtent", reason: "width and height must not be negative")
            }
            let halfWidth = v[2] / 2, halfHeight = v[3] / 2
            let radius = min(try args.number("inputRadius"), min(halfWidth, halfHeight))
            let box = SIMD4<Float>(Float(v[0] + halfWidth), Float(v[1] + halfHeight), Float(halfWidth), Float(halfHeight))
            return Image.make(roundedRectangleKernel, [GeneratorSupport.colorImage(try args.color("inputColor"))],
                              KernelArguments([.vec4(box), .float(Float(radius))]),
                              extent: Rect(x: v[0], y: v[1], width: v[2], height: v[3]), label: "CIRoundedRectangleGenerator")
        })

    /// box = (centre x, centre y, half width, half height). The signed distance to a rounded box:
    /// q = |p − centre| − (half size − radius); d = |max(q, 0)| + min(max(q.x, q.y), 0) − radius.
    static let roundedRectangleKernel = Kernel(
        color: "irisRoundedRectangle", inputCount: 1, usesDestCoord: true,
        parameters: [.init("box", "vec4"), .init("radius", "float")],
        glsl: """
            vec4 irisRoundedRectangle(vec4 s0, vec2 dc, vec4 box, float radius) {
                vec2 q = abs(dc - box.xy) - (box.zw - radius);
                float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
                return s0 * clamp(0.5 - d, 0.0, 1.0);
            }
            """,
        cpu: { px, _, coords, args in
            let box = args.vec4(0), radius = args.float(1)
            for i in 0..<min(px.count, coords.count) {
                let qx = abs(coords[i].x - box.x) - (box.z - radius), qy = abs(coords[i].y - box.y) - (box.w - radius)
                let ox = max(qx, 0), oy = max(qy, 0)
                let d = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
                px[i] = px[i] * min(max(0.5 - d, 0), 1)
            }
        })
}
