import IrisCore

extension BuiltInFilters {
    /// CIStripesGenerator: vertical stripes `inputWidth` wide alternating `inputColor0` and `inputColor1`,
    /// with an edge at `inputCenter`.x and `inputColor0` in the stripe to its right. The weight of colour 0
    /// is ½ + ½·w, w the square wave of the checkerboard (`GeneratorSupport.squareWave`), so
    /// `inputSharpness` softens the edges the same way. Infinite extent.
    static let stripesGenerator = FilterDescriptor(
        name: "CIStripesGenerator", displayName: "Stripes",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates a stripe pattern.",
        inputs: [
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]),
                summary: "A point on an edge between stripes, x and y."),
            FilterInputDescriptor(
                "inputColor0", .color, default: .color(SIMD4(1, 1, 1, 1)),
                summary: "The colour of the first set of stripes."),
            FilterInputDescriptor(
                "inputColor1", .color, default: .color(SIMD4(0, 0, 0, 1)),
                summary: "The colour of the second set of stripes."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(80), range: 0...Double.infinity, slider: 0...800,
                summary: "The width of each stripe, in pixels."),
            FilterInputDescriptor(
                "inputSharpness", .scalar, default: .number(1), range: 0...1,
                summary: "1 for hard edges, lower for softer ones.")
        ],
        build: { args throws(FilterError) in
            let arguments =
                [.vec2(GeneratorSupport.position(try args.vector("inputCenter")))]
                + GeneratorSupport.squareWaveArguments(
                    width: try args.number("inputWidth"), sharpness: try args.number("inputSharpness"))
            return Image.make(
                stripesKernel,
                [
                    GeneratorSupport.colorImage(try args.color("inputColor0")),
                    GeneratorSupport.colorImage(try args.color("inputColor1"))
                ],
                KernelArguments(arguments), extent: .infinite, label: "CIStripesGenerator")
        })

    static let stripesKernel = Kernel(
        color: "irisStripes", inputCount: 2, usesDestCoord: true,
        parameters: [
            .init("center", "vec2"), .init("inversePeriod", "float"), .init("period", "float"),
            .init("inverseHalfBlur", "float")
        ],
        glsl: GeneratorSupport.squareWaveGLSL("irisStripesWave") + """

            vec4 irisStripes(vec4 s0, vec4 s1, vec2 dc, vec2 center, float inversePeriod, float period, float inverseHalfBlur) {
                vec2 w = irisStripesWave(dc, center, inversePeriod, period, inverseHalfBlur);
                return s1 + (s0 - s1) * (0.5 + 0.5 * w.x);
            }
            """,
        cpu: { px, others, coords, args in
            let center = args.vec2(0), inversePeriod = args.float(1), period = args.float(2),
                inverseHalfBlur = args.float(3)
            let c1 = others[0]
            for i in 0..<min(px.count, c1.count, coords.count) {
                let w = GeneratorSupport.squareWave(
                    coords[i].x, origin: center.x, inversePeriod: inversePeriod, period: period,
                    inverseHalfBlur: inverseHalfBlur)
                px[i] = c1[i] + (px[i] - c1[i]) * (0.5 + 0.5 * w)
            }
        })
}
