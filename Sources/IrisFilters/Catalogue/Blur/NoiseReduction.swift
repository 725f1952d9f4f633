import IrisCore

extension BuiltInFilters {
    /// CINoiseReduction: Core Image does not publish its method; Iris's is a one-pass 3×3 edge-preserving
    /// smoothing followed by luma sharpening. With Y the working space luma of premultiplied colour and n the
    /// noise level, each neighbour weighs w = max(0, 1 − |Y − Y(centre)| / 2n) (the centre weighs 1), so
    /// differences of 2n and more (edges) are left alone and smaller ones (noise) are averaged away, the
    /// more the smaller (the ramp spans 2n rather than n so that half-float intermediates cannot tip it):
    /// smooth = Σ w·s / Σ w. Then out.rgb = smooth.rgb + sharpness · (Y(smooth) − Y(box)), where box is the
    /// plain 3×3 mean; alpha is smooth's.
    static let noiseReduction = FilterDescriptor(
        name: "CINoiseReduction", displayName: "Noise Reduction",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Reduces noise using a threshold value to define what is considered noise.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputNoiseLevel", .scalar, default: .number(0.02), range: 0...Double.infinity, slider: 0...0.1,
                summary: "Luma differences below this are treated as noise."),
            FilterInputDescriptor(
                "inputSharpness", .scalar, default: .number(0.4), range: 0...Double.infinity, slider: 0...2,
                summary: "How much the smoothed result is sharpened.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let level = try args.number("inputNoiseLevel"), sharpness = try args.number("inputSharpness")
            return Image.make(
                noiseReductionKernel, [image],
                KernelArguments([.float(Float(max(level, 1e-6))), .float(Float(sharpness))]),
                extent: image.extent.insetBy(dx: -1, dy: -1), label: "CINoiseReduction")
        })

    static let noiseReductionKernel = Kernel(
        general: "irisNoiseReduction", parameters: [.init("level", "float"), .init("sharpness", "float")],
        glsl: """
            vec4 irisNoiseReduction(vec2 dc, float level, float sharpness) {
                vec3 lw = \(WorkingSpaceLuma.glsl);
                float y0 = dot(sample0(dc).rgb, lw);
                vec4 sum = vec4(0.0);
                vec4 box = vec4(0.0);
                float total = 0.0;
                for (int j = -1; j <= 1; j++) {
                    for (int i = -1; i <= 1; i++) {
                        vec4 s = sample0(dc + vec2(float(i), float(j)));
                        float w = max(0.0, 1.0 - abs(dot(s.rgb, lw) - y0) / (2.0 * level));
                        sum += w * s;
                        total += w;
                        box += s;
                    }
                }
                vec4 sm = sum / total;
                float d = sharpness * (dot(sm.rgb, lw) - dot(box.rgb, lw) / 9.0);
                return vec4(sm.rgb + vec3(d), sm.a);
            }
            """,
        cpu: { coords, sample, args in
            let level = args.float(0), sharpness = args.float(1)
            let centre = sample(0, coords)
            var sum = [SIMD4<Float>](repeating: .zero, count: coords.count)
            var box = sum
            var total = [Float](repeating: 0, count: coords.count)
            var shifted = coords
            for j in -1...1 {
                for i in -1...1 {
                    let o = SIMD2(Float(i), Float(j))
                    for k in coords.indices { shifted[k] = coords[k] + o }
                    let values = sample(0, shifted)
                    for k in coords.indices {
                        let s = values[k]
                        let w = max(
                            0, 1 - abs(WorkingSpaceLuma.luma(s) - WorkingSpaceLuma.luma(centre[k])) / (2 * level))
                        sum[k] += w * s
                        total[k] += w
                        box[k] += s
                    }
                }
            }
            return coords.indices.map { k in
                let smooth = sum[k] / total[k]
                let d = sharpness * (WorkingSpaceLuma.luma(smooth) - WorkingSpaceLuma.luma(box[k]) / 9)
                return SIMD4(smooth.x + d, smooth.y + d, smooth.z + d, smooth.w)
            }
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: -1) })
}
