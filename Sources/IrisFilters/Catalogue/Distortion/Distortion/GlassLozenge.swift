import IrisCore

extension BuiltInFilters {
    /// CIGlassLozenge: a capsule-shaped lens around the segment point0–point1 with radius R. A pixel at
    /// distance δ < R from its nearest point q of the segment reads the input at q + (p − q)(1 − a√(1 − (δ/R)²)),
    /// a = 1 − 1/refraction (refraction held ≥ 0.1): a magnifying glass rod (Iris's optics; Core Image's is
    /// not published).
    static let glassLozenge = FilterDescriptor(
        name: "CIGlassLozenge", displayName: "Glass Lozenge", categories: DistortionSupport.categories,
        summary: "Creates a lozenge-shaped lens and distorts the portion of the image over which the lens is placed.",
        inputs: [
            .image,
            DistortionSupport.position("inputPoint0", [150, 150], "One end of the lozenge's axis."),
            DistortionSupport.position("inputPoint1", [350, 150], "The other end of the lozenge's axis."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(100), range: 0...Double.infinity, slider: 0...1000,
                summary: "The radius of the lozenge, in pixels."),
            FilterInputDescriptor(
                "inputRefraction", .scalar, default: .number(1.7), range: 0...Double.infinity, slider: 0...5,
                summary: "The refraction index of the glass.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius")
            if radius == 0 { return image }
            let bend = 1 - 1 / max(try args.number("inputRefraction"), 0.1)
            return Image.make(
                glassLozengeKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputPoint0")),
                    DistortionSupport.vec2(try args.vector("inputPoint1")),
                    DistortionSupport.float(radius), DistortionSupport.float(bend)
                ]), extent: image.extent, label: "CIGlassLozenge")
        })

    static let glassLozengeKernel = DistortionSupport.warp(
        "irisGlassLozenge",
        [.init("point0", "vec2"), .init("point1", "vec2"), .init("radius", "float"), .init("bend", "float")],
        glsl: """
            vec2 irisGlassLozenge(vec2 dc, vec2 point0, vec2 point1, float radius, float bend) {
                vec2 axis = point1 - point0;
                float len2 = dot(axis, axis);
                float t = len2 > 0.0 ? clamp(dot(dc - point0, axis) / len2, 0.0, 1.0) : 0.0;
                vec2 q = point0 + axis * t;
                vec2 v = dc - q;
                float u = length(v) / radius;
                if (u >= 1.0) return dc;
                return q + v * (1.0 - bend * sqrt(1.0 - u * u));
            }
            """, roi: DistortionSupport.grownROI { abs($0.float(2) * $0.float(3)) }
    ) { p, args in
        let p0 = args.vec2(0), p1 = args.vec2(1), radius = args.float(2), bend = args.float(3)
        let axis = p1 - p0, len2 = glslDot(axis, axis)
        let t = len2 > 0 ? glslClamp(glslDot(p - p0, axis) / len2, 0, 1) : 0
        let q = p0 + axis * t, v = p - q
        let u = glslLength(v) / radius
        if u >= 1 { return p }
        return q + v * (1 - bend * (1 - u * u).squareRoot())
    }
}
