import IrisCore

extension BuiltInFilters {
    /// CICheckerboardGenerator: squares of side `inputWidth` alternating `inputColor0` and `inputColor1`,
    /// with a corner at `inputCenter` and `inputColor0` in the square above and to the right of it. Each axis
    /// is a square wave (`GeneratorSupport.squareWave`, −1…1) and the weight of colour 0 is ½ + ½·wx·wy, so
    /// `inputSharpness` 1 gives hard edges and lower values linear ramps (1 − sharpness)·width wide across
    /// each edge; the colours mix in the working space. Infinite extent.
    static let checkerboardGenerator = FilterDescriptor(
        name: "CICheckerboardGenerator", displayName: "Checkerboard",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates a pattern of squares of alternating colors.",
        inputs: [
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "A corner of the squares, x and y."),
            FilterInputDescriptor(
                "inputColor0", .color, default: .color(SIMD4(1, 1, 1, 1)),
                summary: "The colour of the first set of squares."),
            FilterInputDescriptor(
                "inputColor1", .color, default: .color(SIMD4(0, 0, 0, 1)),
                summary: "The colour of the second set of squares."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(80), range: 0...Double.infinity, slider: 0...800,
                summary: "The side of each square, in pixels."),
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
                checkerboardKernel,
                [
                    GeneratorSupport.colorImage(try args.color("inputColor0")),
                    GeneratorSupport.colorImage(try args.color("inputColor1"))
                ],
                KernelArguments(arguments), extent: .infinite, label: "CICheckerboardGenerator")
        })

    static let checkerboardKernel = Kernel(
        color: "irisCheckerboard", inputCount: 2, usesDestCoord: true,
        parameters: [
            .init("center", "vec2"), .init("inversePeriod", "float"), .init("period", "float"),
            .init("inverseHalfBlur", "float")
        ],
        glsl: GeneratorSupport.squareWaveGLSL("irisCheckerboardWave") + """

            vec4 irisCheckerboard(vec4 s0, vec4 s1, vec2 dc, vec2 center, float inversePeriod, float period, float inverseHalfBlur) {
                vec2 w = irisCheckerboardWave(dc, center, inversePeriod, period, inverseHalfBlur);
                return s1 + (s0 - s1) * (0.5 + 0.5 * w.x * w.y);
            }
            """,
        cpu: { px, others, coords, args in
            let center = args.vec2(0), inversePeriod = args.float(1), period = args.float(2),
                inverseHalfBlur = args.float(3)
            let c1 = others[0]
            for i in 0..<min(px.count, c1.count, coords.count) {
                let wx = GeneratorSupport.squareWave(
                    coords[i].x, origin: center.x, inversePeriod: inversePeriod, period: period,
                    inverseHalfBlur: inverseHalfBlur)
                let wy = GeneratorSupport.squareWave(
                    coords[i].y, origin: center.y, inversePeriod: inversePeriod, period: period,
                    inverseHalfBlur: inverseHalfBlur)
                px[i] = c1[i] + (px[i] - c1[i]) * (0.5 + 0.5 * wx * wy)
            }
        })
}
