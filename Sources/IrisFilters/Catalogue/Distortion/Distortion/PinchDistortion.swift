import IrisCore

extension BuiltInFilters {
    /// CIPinchDistortion: inside the radius a pixel at distance r reads the input at c + (p − c)(1 + s(1 − t)²),
    /// t = r / R (Iris's falloff; Core Image's is not published): the image is pulled toward the centre,
    /// most at the centre, and unchanged at the radius.
    static let pinchDistortion = FilterDescriptor(
        name: "CIPinchDistortion", displayName: "Pinch Distortion", categories: DistortionSupport.categories,
        summary: "Creates a rectangular area that pinches source pixels inward.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...1000,
                summary: "The radius of the pinched area, in pixels."),
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(0.5), range: 0...2,
                summary: "How strongly pixels are pulled in; 0 does nothing.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), scale = try args.number("inputScale")
            if radius == 0 || scale == 0 { return image }
            return Image.make(
                pinchKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(radius), DistortionSupport.float(scale)
                ]),
                extent: image.extent, label: "CIPinchDistortion")
        })

    static let pinchKernel = DistortionSupport.warp(
        "irisPinchDistortion", [.init("center", "vec2"), .init("radius", "float"), .init("scale", "float")],
        glsl: """
            vec2 irisPinchDistortion(vec2 dc, vec2 center, float radius, float scale) {
                vec2 d = dc - center;
                float r = length(d);
                if (r >= radius) return dc;
                float k = 1.0 - r / radius;
                return center + d * (1.0 + scale * k * k);
            }
            """, roi: DistortionSupport.grownROI { 0.2 * abs($0.float(1) * $0.float(2)) }
    ) { p, args in
        let c = args.vec2(0), radius = args.float(1), scale = args.float(2)
        let d = p - c, r = glslLength(d)
        if r >= radius { return p }
        let k = 1 - r / radius
        return c + d * (1 + scale * k * k)
    }
}
