import IrisCore

extension BuiltInFilters {
    /// CIRoundedRectangleGenerator: `inputColor` inside the rectangle `inputExtent` (x, y, width, height)
    /// with corners rounded to `inputRadius` (at most half the shorter side). Each pixel's coverage is
    /// clamp(½ − d, 0, 1), d the signed distance from its centre to the shape's edge (negative inside,
    /// `RoundedBox`), so straight edges on whole pixels are sharp and the corners are antialiased. The extent
    /// is the rectangle. (Newer Core Image releases add an `inputSmoothness`; Iris does not have it.)
    static let roundedRectangleGenerator = FilterDescriptor(
        name: "CIRoundedRectangleGenerator", displayName: "Rounded Rectangle Generator",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates a rounded rectangle image with the specified extent, corner radius, and color.",
        inputs: RoundedBox.shapeInputs + [
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour of the rectangle.")
        ],
        build: { args throws(FilterError) in
            let box = try RoundedBox(args, radius: try args.number("inputRadius"))
            return Image.make(
                roundedRectangleKernel, [GeneratorSupport.colorImage(try args.color("inputColor"))],
                KernelArguments([.vec4(box.centreAndHalfSize), .float(box.radius)]),
                extent: box.rect, label: "CIRoundedRectangleGenerator")
        })

    static let roundedRectangleKernel = Kernel(
        color: "irisRoundedRectangle", inputCount: 1, usesDestCoord: true,
        parameters: [.init("box", "vec4"), .init("radius", "float")],
        glsl: RoundedBox.distanceGLSL("irisRoundedRectangleDistance") + """

            vec4 irisRoundedRectangle(vec4 s0, vec2 dc, vec4 box, float radius) {
                return s0 * clamp(0.5 - irisRoundedRectangleDistance(dc, box, radius), 0.0, 1.0);
            }
            """,
        cpu: { px, _, coords, args in
            let box = args.vec4(0), radius = args.float(1)
            for i in 0..<min(px.count, coords.count) {
                px[i] = px[i] * min(max(0.5 - RoundedBox.distance(coords[i], box: box, radius: radius), 0), 1)
            }
        })
}

/// A rectangle with rounded corners, as the rounded-rectangle generators read it from `inputExtent`, and
/// its signed distance: q = |p − centre| − (half size − radius); d = |max(q, 0)| + min(max(q.x, q.y), 0) − radius
/// (negative inside; exact, so d + w is the distance to the same shape shrunk by w).
struct RoundedBox {
    let rect: Rect
    /// (centre x, centre y, half width, half height).
    let centreAndHalfSize: SIMD4<Float>
    /// The corner radius, held to 0…half the shorter side.
    let radius: Float

    init(_ args: FilterArguments, radius: Double) throws(FilterError) {
        let v = try args.vector("inputExtent")
        guard v.count == 4 else {
            throw .invalidValue(
                filter: args.filterName, key: "inputExtent", reason: "needs 4 components, got \(v.count)")
        }
        guard v[2] >= 0, v[3] >= 0 else {
            throw .invalidValue(
                filter: args.filterName, key: "inputExtent", reason: "width and height must not be negative")
        }
        let halfWidth = v[2] / 2, halfHeight = v[3] / 2
        rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        centreAndHalfSize = SIMD4(
            Float(v[0] + halfWidth), Float(v[1] + halfHeight), Float(halfWidth), Float(halfHeight))
        self.radius = Float(min(max(radius, 0), min(halfWidth, halfHeight)))
    }

    @inline(__always)
    static func distance(_ p: SIMD2<Float>, box: SIMD4<Float>, radius: Float) -> Float {
        let qx = abs(p.x - box.x) - (box.z - radius), qy = abs(p.y - box.y) - (box.w - radius)
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
    }

    static func distanceGLSL(_ name: String) -> String {
        """
        float \(name)(vec2 p, vec4 box, float radius) {
            vec2 q = abs(p - box.xy) - (box.zw - radius);
            return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
        }
        """
    }

    /// The rectangle and its corner radius, as the fill and the stroke both take them.
    static let shapeInputs: [FilterInputDescriptor] = [
        FilterInputDescriptor(
            "inputExtent", .vector, default: .vector([0, 0, 100, 100]),
            summary: "The rectangle: x, y, width, height."),
        FilterInputDescriptor(
            "inputRadius", .distance, default: .number(10), range: 0...Double.infinity, slider: 0...100,
            summary: "The radius of the rounded corners, in pixels.")
    ]
}
