import IrisCore

extension BuiltInFilters {
    /// CICircleSplashDistortion: inside the circle the image is unchanged; outside, every pixel repeats the
    /// pixel on the circle along its ray from the centre, c + (p − c) · R / r, so the edge streaks outward to
    /// infinity (the result's extent is infinite).
    static let circleSplashDistortion = FilterDescriptor(
        name: "CICircleSplashDistortion", displayName: "Circle Splash Distortion",
        categories: DistortionSupport.categories,
        summary: "Distorts the pixels starting at the circumference of a circle and emanating outward.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(150), range: 0...Double.infinity, slider: 0...1000,
                summary: "The radius of the circle, in pixels.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                circleSplashKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(try args.number("inputRadius"))
                ]),
                extent: image.extent.isEmpty ? .empty : .infinite, label: "CICircleSplashDistortion")
        })

    static let circleSplashKernel = DistortionSupport.warp(
        "irisCircleSplash", [.init("center", "vec2"), .init("radius", "float")],
        glsl: """
            vec2 irisCircleSplash(vec2 dc, vec2 center, float radius) {
                vec2 d = dc - center;
                float r = length(d);
                return r <= radius ? dc : center + d * (radius / r);
            }
            """, roi: DistortionSupport.unionROI { DistortionSupport.box($0.vec2(0), $0.float(1)) }
    ) { p, args in
        let c = args.vec2(0), radius = args.float(1)
        let d = p - c, r = glslLength(d)
        return r <= radius ? p : c + d * (radius / r)
    }
}
