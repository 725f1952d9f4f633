import IrisCore

extension BuiltInFilters {
    /// CIModTransition: the target shows through holes that grow with time. In coordinates v turned by
    /// −`inputAngle` about the centre, u = vx/R + vy²/(C·R) and w = vy/R + vx²/(C·R) (R the radius, C the
    /// compression); a pixel shows the target when fract(u) · fract(w) < t (Iris's pattern; Core Image's is
    /// not published).
    static let modTransition = FilterDescriptor(
        name: "CIModTransition", displayName: "Mod", categories: DistortionSupport.transitionCategories,
        summary:
            "Transitions from one image to another by revealing the target image through irregularly shaped holes.",
        inputs: [
            .image, DistortionSupport.targetImage, DistortionSupport.center(), DistortionSupport.time,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(2), slider: -Double.pi...Double.pi,
                summary: "The turn of the hole pattern, in radians."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(150), range: 1...Double.infinity, slider: 1...200,
                summary: "The size of the holes, in pixels."),
            FilterInputDescriptor(
                "inputCompression", .scalar, default: .number(300), range: 1...Double.infinity, slider: 1...800,
                summary: "How little the holes bend: larger is straighter.")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage")
            return Image.make(
                modKernel, [a, b],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(try args.number("inputAngle")),
                    DistortionSupport.float(try args.number("inputRadius")),
                    DistortionSupport.float(try args.number("inputCompression")),
                    DistortionSupport.float(try args.number("inputTime"))
                ]), extent: TransitionSupport.extent(a, b), label: "CIModTransition")
        })

    static let modKernel = Kernel(
        color: "irisModTransition", inputCount: 2, usesDestCoord: true,
        parameters: [
            .init("center", "vec2"), .init("angle", "float"), .init("radius", "float"), .init("compression", "float"),
            .init("time", "float")
        ],
        glsl: """
            vec4 irisModTransition(vec4 s0, vec4 s1, vec2 dc, vec2 center, float angle, float radius, float compression, float time) {
                vec2 d = dc - center;
                float c = cos(angle), s = sin(angle);
                vec2 v = vec2(c * d.x + s * d.y, -s * d.x + c * d.y);
                float u = v.x / radius + v.y * v.y / (compression * radius);
                float w = v.y / radius + v.x * v.x / (compression * radius);
                return fract(u) * fract(w) < time ? s1 : s0;
            }
            """,
        cpu: { px, others, coords, args in
            let center = args.vec2(0), angle = args.float(1), radius = args.float(2), compression = args.float(3),
                time = args.float(4)
            for i in px.indices {
                let v = rotated(coords[i] - center, -angle)
                let u = v.x / radius + v.y * v.y / (compression * radius)
                let w = v.y / radius + v.x * v.x / (compression * radius)
                if glslFract(u) * glslFract(w) < time { px[i] = others[0][i] }
            }
        })
}
