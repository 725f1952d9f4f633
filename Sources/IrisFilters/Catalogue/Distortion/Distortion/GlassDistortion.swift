import IrisCore

extension BuiltInFilters {
    /// CIGlassDistortion: the texture is a height map laid with its centre on `inputCenter`; each pixel reads
    /// the input displaced by scale · ∇h, where h is the texture's Rec. 709 luma (working space) and ∇ its central
    /// difference over one pixel, so the image looks seen through rippled glass (Iris's optics; Core Image's is
    /// not published).
    static let glassDistortion = FilterDescriptor(
        name: "CIGlassDistortion", displayName: "Glass Distortion", categories: DistortionSupport.categories,
        summary: "Distorts an image by applying a glass-like texture.",
        inputs: [
            .image,
            FilterInputDescriptor("inputTexture", .image, summary: "The glass's height map (its luma)."),
            DistortionSupport.center(),
            FilterInputDescriptor(
                "inputScale", .distance, default: .number(200), range: 0...Double.infinity, slider: 0.001...500,
                summary: "How far a unit slope displaces the image, in pixels.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage"), texture = try args.image("inputTexture")
            let scale = try args.number("inputScale")
            if scale == 0 { return image }
            let c = try args.vector("inputCenter"), t = texture.extent
            let mid = t.isInfinite || t.isEmpty ? SIMD2<Double>(0, 0) : SIMD2(t.midX, t.midY)
            return Image.make(
                glassDistortionKernel, [image, texture],
                KernelArguments([
                    .vec2(SIMD2(Float(mid.x - c[0]), Float(mid.y - c[1]))), DistortionSupport.float(scale)
                ]),
                extent: image.extent, label: "CIGlassDistortion")
        })

    static let glassDistortionKernel = Kernel(
        general: "irisGlassDistortion", inputCount: 2, parameters: [.init("shift", "vec2"), .init("scale", "float")],
        glsl: """
            vec4 irisGlassDistortion(vec2 dc, vec2 shift, float scale) {
                vec3 w = vec3(0.2126, 0.7152, 0.0722);
                vec2 t = dc + shift;
                float gx = dot(sample1(t + vec2(1.0, 0.0)).rgb, w) - dot(sample1(t - vec2(1.0, 0.0)).rgb, w);
                float gy = dot(sample1(t + vec2(0.0, 1.0)).rgb, w) - dot(sample1(t - vec2(0.0, 1.0)).rgb, w);
                return sample0(dc + 0.5 * scale * vec2(gx, gy));
            }
            """,
        cpu: { coords, sample, args in
            let shift = args.vec2(0), scale = args.float(1)
            func luma(_ c: [SIMD4<Float>]) -> [Float] { c.map { 0.2126 * $0.x + 0.7152 * $0.y + 0.0722 * $0.z } }
            let t = coords.map { $0 + shift }
            let right = luma(sample(1, t.map { $0 + SIMD2(1, 0) })), left = luma(sample(1, t.map { $0 - SIMD2(1, 0) }))
            let up = luma(sample(1, t.map { $0 + SIMD2(0, 1) })), down = luma(sample(1, t.map { $0 - SIMD2(0, 1) }))
            return sample(
                0, coords.indices.map { coords[$0] + 0.5 * scale * SIMD2(right[$0] - left[$0], up[$0] - down[$0]) })
        },
        roi: { index, rect, args in
            if rect.isInfinite { return rect }
            if index == 1 {
                let s = args.vec2(0)
                return Rect(
                    x: rect.minX + Double(s.x) - 1, y: rect.minY + Double(s.y) - 1, width: rect.width + 2,
                    height: rect.height + 2)
            }
            let m = Double(abs(args.float(1))) * 0.75 + 1
            return rect.insetBy(dx: -m, dy: -m)
        })
}
