import IrisCore
import RealModule

extension BuiltInFilters {
    /// CITriangleKaleidoscope: the equilateral triangle with a corner at `inputPoint`, sides `inputSize`,
    /// turned by `inputRotation`, mirrored across its sides to fill the plane (as CITriangleTile); the copies
    /// fade with distance from the point, colour × decay^(distance / size) (Iris's fade; Core Image's is not
    /// published). The result is infinite.
    static let triangleKaleidoscope = FilterDescriptor(
        name: "CITriangleKaleidoscope", displayName: "Triangle Kaleidoscope",
        categories: DistortionSupport.tileCategories,
        summary: "Maps a triangular portion of an image to a triangular area and then generates a kaleidoscope effect.",
        inputs: [
            .image,
            DistortionSupport.position("inputPoint", [150, 150], "A corner of the triangle that is mirrored."),
            FilterInputDescriptor(
                "inputSize", .distance, default: .number(700), range: 0...Double.infinity, slider: 0...1000,
                summary: "The side of the triangle, in pixels."),
            FilterInputDescriptor(
                "inputRotation", .angle, default: .number(5.924285296593801), slider: 0...2 * Double.pi,
                summary: "The turn of the triangle, in radians."),
            FilterInputDescriptor(
                "inputDecay", .scalar, default: .number(0.85), range: 0...1,
                summary: "How much each triangle's width of distance keeps of the colour.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                triangleKaleidoscopeKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputPoint")),
                    DistortionSupport.float(try args.number("inputRotation")),
                    DistortionSupport.float(max(try args.number("inputSize"), 0.01)),
                    DistortionSupport.float(try args.number("inputDecay"))
                ]),
                extent: image.extent.isEmpty ? .empty : .infinite, label: "CITriangleKaleidoscope")
        })

    static let triangleKaleidoscopeKernel = DistortionSupport.resample(
        "irisTriangleKaleidoscope",
        [.init("point", "vec2"), .init("angle", "float"), .init("size", "float"), .init("decay", "float")],
        glsl: """
            vec4 irisTriangleKaleidoscope(vec2 dc, vec2 point, float angle, float size, float decay) {
                float c = cos(angle), s = sin(angle);
                vec2 d = dc - point;
                vec2 q = vec2(c * d.x + s * d.y, -s * d.x + c * d.y) / size;
                float b = q.y * 1.1547005;
                float a = q.x - 0.5 * b;
                float fa = fract(a), fb = fract(b);
                if (fa + fb > 1.0) { float t = fa; fa = 1.0 - fb; fb = 1.0 - t; }
                q = vec2(fa + 0.5 * fb, fb * 0.8660254);
                float fade = decay > 0.0 ? exp(log(decay) * length(d) / size) : 0.0;
                return sample0(point + vec2(c * q.x - s * q.y, s * q.x + c * q.y) * size) * fade;
            }
            """, roi: DistortionSupport.regionROI { DistortionSupport.box($0.vec2(0), $0.float(2) * 1.2) }
    ) { p, args in
        let point = args.vec2(0), angle = args.float(1), size = args.float(2), decay = args.float(3)
        let d = p - point
        let q = rotated(d, -angle) / size
        let b = q.y * 1.1547005, a = q.x - 0.5 * b
        var fa = glslFract(a), fb = glslFract(b)
        if fa + fb > 1 { (fa, fb) = (1 - fb, 1 - fa) }
        let folded = SIMD2(fa + 0.5 * fb, fb * 0.8660254)
        let fade = decay > 0 ? Float.exp(Float.log(decay) * glslLength(d) / size) : 0
        return (point + rotated(folded, angle) * size, fade)
    }
}
