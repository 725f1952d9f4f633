import IrisCore

extension BuiltInFilters {
    /// CITorusLensDistortion: a ring-shaped lens of mean radius R and width W. Across the ring,
    /// u = (r − R) / (W/2) ∈ (−1, 1) and the lens height is √(1 − u²); a pixel reads the input at radius
    /// R + (r − R)(1 − a√(1 − u²)), a = 1 − 1/refraction (refraction held ≥ 0.1), so the ring magnifies by the
    /// refraction index at its middle and not at all at its edges (Iris's optics; Core Image's is not published).
    static let torusLensDistortion = FilterDescriptor(
        name: "CITorusLensDistortion", displayName: "Torus Lens Distortion", categories: DistortionSupport.categories,
        summary: "Creates a torus-shaped lens and distorts the portion of the image over which the lens is placed.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(160), range: 0...Double.infinity, slider: 0...500,
                summary: "The radius of the ring's middle, in pixels."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(80), range: 0...Double.infinity, slider: 0...200,
                summary: "The width of the ring, in pixels."),
            FilterInputDescriptor(
                "inputRefraction", .scalar, default: .number(1.7), range: 0...Double.infinity, slider: 0...5,
                summary: "The refraction index of the glass.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let width = try args.number("inputWidth")
            if width == 0 { return image }
            let bend = 1 - 1 / max(try args.number("inputRefraction"), 0.1)
            return Image.make(
                torusLensKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(try args.number("inputRadius")),
                    DistortionSupport.float(width / 2), DistortionSupport.float(bend)
                ]), extent: image.extent, label: "CITorusLensDistortion")
        })

    static let torusLensKernel = DistortionSupport.warp(
        "irisTorusLens",
        [.init("center", "vec2"), .init("radius", "float"), .init("halfWidth", "float"), .init("bend", "float")],
        glsl: """
            vec2 irisTorusLens(vec2 dc, vec2 center, float radius, float halfWidth, float bend) {
                vec2 d = dc - center;
                float r = length(d);
                float u = (r - radius) / halfWidth;
                if (abs(u) >= 1.0 || r < 1e-6) return dc;
                float k = 1.0 - bend * sqrt(1.0 - u * u);
                return center + d * ((radius + (r - radius) * k) / r);
            }
            """, roi: DistortionSupport.grownROI { abs($0.float(2) * $0.float(3)) }
    ) { p, args in
        let c = args.vec2(0), radius = args.float(1), halfWidth = args.float(2), bend = args.float(3)
        let d = p - c, r = glslLength(d)
        let u = (r - radius) / halfWidth
        if abs(u) >= 1 || r < 1e-6 { return p }
        let k = 1 - bend * (1 - u * u).squareRoot()
        return c + d * ((radius + (r - radius) * k) / r)
    }
}
