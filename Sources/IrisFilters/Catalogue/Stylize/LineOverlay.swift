import IrisCore

extension BuiltInFilters {
    /// CILineOverlay: a sketch of the image's edges in black, with the rest transparent. Core Image does not
    /// publish its method; Iris's follows its inputs in one pass: the working-space luma Y of each pixel of the
    /// 3×3 neighbourhood is noise-reduced as CINoiseReduction does (`inputNRNoiseLevel`, `inputNRSharpness`),
    /// m = `inputEdgeIntensity` · |Sobel(Y)| / 4 (a step from black to white scores about 1), and the line's
    /// alpha is clamp((m − `inputThreshold`) · `inputContrast`, 0, 1) times the pixel's alpha. The output is
    /// premultiplied black at that alpha; the extent stays the input's. The steep ramp would magnify a
    /// half-float intermediate's rounding, so the kernel reads its input at full precision
    /// (`Kernel.Traits.readsInputsAtFullPrecision`).
    static let lineOverlay = FilterDescriptor(
        name: "CILineOverlay", displayName: "Line Overlay",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Creates a sketch that outlines the edges of an image in black, leaving the rest transparent.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputNRNoiseLevel", .scalar, default: .number(0.07), range: 0...Double.infinity, slider: 0...0.1,
                summary: "Luma differences below this are treated as noise before edges are found."),
            FilterInputDescriptor(
                "inputNRSharpness", .scalar, default: .number(0.71), range: 0...Double.infinity, slider: 0...2,
                summary: "How much the noise-reduced luma is sharpened."),
            FilterInputDescriptor(
                "inputEdgeIntensity", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0...200,
                summary: "The gain applied to the Sobel gradient magnitude."),
            FilterInputDescriptor(
                "inputThreshold", .scalar, default: .number(0.1), range: 0...1,
                summary: "Edges weaker than this are left out."),
            FilterInputDescriptor(
                "inputContrast", .scalar, default: .number(50), range: 0.25...200,
                summary: "How fast a line goes from transparent to black above the threshold.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            var arguments: [KernelValue] = []
            for key in [
                "inputNRNoiseLevel", "inputNRSharpness", "inputEdgeIntensity", "inputThreshold", "inputContrast"
            ] {
                arguments.append(.float(Float(try args.number(key))))
            }
            arguments[0] = .float(max(Float(try args.number("inputNRNoiseLevel")), 1e-6))
            return Image.make(
                lineOverlayKernel, [image], KernelArguments(arguments), extent: image.extent, label: "CILineOverlay")
        })

    static let lineOverlayKernel = Kernel(
        general: "irisLineOverlay",
        parameters: [
            .init("level", "float"), .init("sharpness", "float"), .init("intensity", "float"),
            .init("threshold", "float"), .init("contrast", "float")
        ], traits: [.readsInputsAtFullPrecision],
        glsl: """
            vec4 irisLineOverlay(vec2 dc, float level, float sharpness, float intensity, float threshold, float contrast) {
                vec3 lw = \(WorkingSpaceLuma.glsl);
                // Lumas of the 5×5 neighbourhood, offset (dx, dy) at index (dy + 2) * 5 + dx + 2, read once each.
                float l[25];
                for (int k = 0; k < 25; k++) {
                    l[k] = dot(sample0(dc + vec2(mod(float(k), 5.0) - 2.0, floor(float(k) / 5.0) - 2.0)).rgb, lw);
                }
                float y[9];
                for (int cy = 0; cy < 3; cy++) {
                    for (int cx = 0; cx < 3; cx++) {
                        float y0 = l[(cy + 1) * 5 + cx + 1];
                        float sum = 0.0;
                        float total = 0.0;
                        float box = 0.0;
                        for (int j = 0; j < 3; j++) {
                            for (int i = 0; i < 3; i++) {
                                float v = l[(cy + j) * 5 + cx + i];
                                float w = max(0.0, 1.0 - abs(v - y0) / (2.0 * level));
                                sum += w * v;
                                total += w;
                                box += v;
                            }
                        }
                        float smoothed = sum / total;
                        y[cy * 3 + cx] = smoothed + sharpness * (smoothed - box / 9.0);
                    }
                }
                float gx = (y[2] + 2.0 * y[5] + y[8]) - (y[0] + 2.0 * y[3] + y[6]);
                float gy = (y[6] + 2.0 * y[7] + y[8]) - (y[0] + 2.0 * y[1] + y[2]);
                float m = 0.25 * intensity * sqrt(gx * gx + gy * gy);
                return vec4(0.0, 0.0, 0.0, clamp((m - threshold) * contrast, 0.0, 1.0) * sample0(dc).a);
            }
            """,
        cpu: { coords, sample, args in
            let level = args.float(0), sharpness = args.float(1), intensity = args.float(2), threshold = args.float(3),
                contrast = args.float(4)
            // Lumas of the 5×5 neighbourhood, offset (dx, dy) at index (dy + 2) * 5 + dx + 2.
            var luma = [[Float]]()
            var alpha: [Float] = []
            for dy in -2...2 {
                for dx in -2...2 {
                    let s = sample(0, coords.map { $0 + SIMD2(Float(dx), Float(dy)) })
                    luma.append(s.map { WorkingSpaceLuma.luma($0) })
                    if dx == 0 && dy == 0 { alpha = s.map(\.w) }
                }
            }
            return coords.indices.map { k in
                var y = [Float](repeating: 0, count: 9)
                for t in 0..<9 {
                    let cx = t % 3 - 1, cy = t / 3 - 1
                    let y0 = luma[(cy + 2) * 5 + cx + 2][k]
                    var sum: Float = 0, total: Float = 0, box: Float = 0
                    for j in -1...1 {
                        for i in -1...1 {
                            let v = luma[(cy + j + 2) * 5 + cx + i + 2][k]
                            let w = max(0, 1 - abs(v - y0) / (2 * level))
                            sum += w * v
                            total += w
                            box += v
                        }
                    }
                    let smoothed = sum / total
                    y[t] = smoothed + sharpness * (smoothed - box / 9)
                }
                let gx = (y[2] + 2 * y[5] + y[8]) - (y[0] + 2 * y[3] + y[6])
                let gy = (y[6] + 2 * y[7] + y[8]) - (y[0] + 2 * y[1] + y[2])
                let m = 0.25 * intensity * (gx * gx + gy * gy).squareRoot()
                return SIMD4(0, 0, 0, min(max((m - threshold) * contrast, 0), 1) * alpha[k])
            }
        }, roi: { _, rect, _ in rect.insetBy(dx: -2, dy: -2) })
}
