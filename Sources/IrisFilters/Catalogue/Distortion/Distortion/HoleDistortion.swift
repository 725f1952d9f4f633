import IrisCore

extension BuiltInFilters {
    /// CIHoleDistortion: a transparent hole of radius R at the centre; a pixel at distance r ≥ R reads the
    /// input at distance √(r² − R²) along its ray, so the image is pushed outward, most near the hole.
    static let holeDistortion = FilterDescriptor(
        name: "CIHoleDistortion", displayName: "Hole Distortion", categories: DistortionSupport.categories,
        summary: "Creates a circular area that pushes the image pixels outward.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(150), range: 0...Double.infinity, slider: 0.01...1000,
                summary: "The radius of the hole, in pixels.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius")
            if radius == 0 { return image }
            let e = image.extent
            return Image.make(
                holeKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(radius)
                ]),
                extent: e.isInfinite || e.isEmpty ? e : e.insetBy(dx: -radius, dy: -radius), label: "CIHoleDistortion")
        })

    static let holeKernel = DistortionSupport.resample(
        "irisHoleDistortion", [.init("center", "vec2"), .init("radius", "float")],
        glsl: """
            vec4 irisHoleDistortion(vec2 dc, vec2 center, float radius) {
                vec2 d = dc - center;
                float r = length(d);
                if (r < radius) return vec4(0.0);
                return sample0(center + d * (sqrt(r * r - radius * radius) / r));
            }
            """, roi: DistortionSupport.grownROI { $0.float(1) }
    ) { p, args in
        let c = args.vec2(0), radius = args.float(1)
        let d = p - c, r = glslLength(d)
        if r < radius { return (p, 0) }
        return (c + d * ((r * r - radius * radius).squareRoot() / r), 1)
    }
}
