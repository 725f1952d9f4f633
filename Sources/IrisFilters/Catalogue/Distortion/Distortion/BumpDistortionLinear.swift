import IrisCore

extension BuiltInFilters {
    /// CIBumpDistortionLinear: the bump of CIBumpDistortion along a line through the centre at `inputAngle`:
    /// only the distance δ across the line changes, δ' = δ(1 − s(1 − t²)²), t = |δ| / R, within R of the line.
    static let bumpDistortionLinear = FilterDescriptor(
        name: "CIBumpDistortionLinear", displayName: "Bump Distortion Linear", categories: DistortionSupport.categories,
        summary: "Creates a concave or convex distortion that originates from a line in the image.",
        inputs: [
            .image, DistortionSupport.center([300, 300]),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...600,
                summary: "How far from the line the bump reaches, in pixels."),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The direction of the line, in radians."),
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(0.5), slider: -1...1,
                summary: "Positive bulges outward, negative pinches inward, 0 does nothing.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), scale = try args.number("inputScale"),
                angle = try args.number("inputAngle")
            if radius == 0 || scale == 0 { return image }
            return Image.make(
                bumpLinearKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    .vec2(SIMD2(Float(-_sin(angle)), Float(_cos(angle)))),
                    DistortionSupport.float(radius), DistortionSupport.float(scale)
                ]), extent: image.extent, label: "CIBumpDistortionLinear")
        })

    static let bumpLinearKernel = DistortionSupport.warp(
        "irisBumpDistortionLinear",
        [.init("center", "vec2"), .init("normal", "vec2"), .init("radius", "float"), .init("scale", "float")],
        glsl: """
            vec2 irisBumpDistortionLinear(vec2 dc, vec2 center, vec2 normal, float radius, float scale) {
                float across = dot(dc - center, normal);
                if (abs(across) >= radius) return dc;
                float t = abs(across) / radius;
                float k = 1.0 - t * t;
                return dc - normal * (across * scale * k * k);
            }
            """, roi: DistortionSupport.grownROI { abs($0.float(2) * $0.float(3)) }
    ) { p, args in
        let c = args.vec2(0), n = args.vec2(1), radius = args.float(2), scale = args.float(3)
        let across = glslDot(p - c, n)
        if abs(across) >= radius { return p }
        let t = abs(across) / radius, k = 1 - t * t
        return p - n * (across * scale * k * k)
    }
}
