import IrisCore

extension BuiltInFilters {
    /// CIBumpDistortion: inside `inputRadius` of the centre, a pixel at distance r reads the input at
    /// c + (p − c)(1 − s(1 − t²)²), t = r / R (Iris's falloff; Core Image's is not published). s > 0 magnifies
    /// (a convex bump), s < 0 shrinks (concave); the map is the identity at and beyond the radius.
    static let bumpDistortion = FilterDescriptor(
        name: "CIBumpDistortion", displayName: "Bump Distortion", categories: DistortionSupport.categories,
        summary: "Creates a concave or convex bump that originates at a specified point in the image.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...600,
                summary: "The radius of the bump, in pixels."),
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(0.5), slider: -1...1,
                summary: "Positive bulges outward, negative pinches inward, 0 does nothing.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), scale = try args.number("inputScale")
            if radius == 0 || scale == 0 { return image }
            return Image.make(
                bumpKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(radius), DistortionSupport.float(scale)
                ]),
                extent: image.extent, label: "CIBumpDistortion")
        })

    static let bumpKernel = DistortionSupport.warp(
        "irisBumpDistortion", [.init("center", "vec2"), .init("radius", "float"), .init("scale", "float")],
        glsl: """
            vec2 irisBumpDistortion(vec2 dc, vec2 center, float radius, float scale) {
                vec2 d = dc - center;
                float r = length(d);
                if (r >= radius) return dc;
                float t = r / radius;
                float k = 1.0 - t * t;
                return center + d * (1.0 - scale * k * k);
            }
            """, roi: DistortionSupport.grownROI { abs($0.float(1) * $0.float(2)) }
    ) { p, args in
        let c = args.vec2(0), radius = args.float(1), scale = args.float(2)
        let d = p - c, r = glslLength(d)
        if r >= radius { return p }
        let t = r / radius, k = 1 - t * t
        return c + d * (1 - scale * k * k)
    }
}
