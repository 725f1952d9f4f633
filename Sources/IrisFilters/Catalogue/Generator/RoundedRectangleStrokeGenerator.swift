import IrisCore

extension BuiltInFilters {
    /// CIRoundedRectangleStrokeGenerator: the outline of CIRoundedRectangleGenerator's shape, `inputWidth`
    /// pixels wide, drawn inside `inputExtent` (so the extent is the rectangle, as the fill's is). Coverage =
    /// clamp(½ − d, 0, 1) − clamp(½ − (d + width), 0, 1), d the rounded box's signed distance (`RoundedBox`):
    /// the shape minus the shape shrunk by the width, both edges antialiased. Apple documents the inputs but
    /// not their defaults nor on which side of the edge the stroke lies; the defaults are the fill's, and a
    /// 10-pixel width.
    static let roundedRectangleStrokeGenerator = FilterDescriptor(
        name: "CIRoundedRectangleStrokeGenerator", displayName: "Rounded Rectangle Stroke Generator",
        categories: GeneratorSupport.generatorCategories,
        summary:
            "Generates a rounded rectangle stroke image with the specified extent, corner radius, stroke width, and color.",
        inputs: RoundedBox.shapeInputs + [
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour of the stroke."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(10), range: 0...Double.infinity, slider: 0...50,
                summary: "The width of the stroke, in pixels, inside the rectangle.")
        ],
        build: { args throws(FilterError) in
            let box = try RoundedBox(args, radius: try args.number("inputRadius"))
            return Image.make(
                roundedRectangleStrokeKernel, [GeneratorSupport.colorImage(try args.color("inputColor"))],
                KernelArguments([
                    .vec4(box.centreAndHalfSize), .float(box.radius), .float(Float(try args.number("inputWidth")))
                ]),
                extent: box.rect, label: "CIRoundedRectangleStrokeGenerator")
        })

    static let roundedRectangleStrokeKernel = Kernel(
        color: "irisRoundedRectangleStroke", inputCount: 1, usesDestCoord: true,
        parameters: [.init("box", "vec4"), .init("radius", "float"), .init("width", "float")],
        glsl: RoundedBox.distanceGLSL("irisRoundedRectangleStrokeDistance") + """

            vec4 irisRoundedRectangleStroke(vec4 s0, vec2 dc, vec4 box, float radius, float width) {
                float d = irisRoundedRectangleStrokeDistance(dc, box, radius);
                return s0 * (clamp(0.5 - d, 0.0, 1.0) - clamp(0.5 - d - width, 0.0, 1.0));
            }
            """,
        cpu: { px, _, coords, args in
            let box = args.vec4(0), radius = args.float(1), width = args.float(2)
            for i in 0..<min(px.count, coords.count) {
                let d = RoundedBox.distance(coords[i], box: box, radius: radius)
                px[i] = px[i] * (min(max(0.5 - d, 0), 1) - min(max(0.5 - d - width, 0), 1))
            }
        })
}
