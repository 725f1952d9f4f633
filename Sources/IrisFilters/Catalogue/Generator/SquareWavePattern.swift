import IrisCore

/// What CICheckerboardGenerator and CIStripesGenerator share: two colours mixed by square waves of period
/// `inputWidth` and edge softness `inputSharpness` about `inputCenter`. The weight of colour 0 is ½ + ½·wx·wy
/// for the checkerboard and ½ + ½·wx for the stripes. Infinite extent.
enum SquareWavePattern {
    /// The inputs both take, with their own words for the corner, the pieces and their width.
    static func inputs(center: String, pieces: String, width: String) -> [FilterInputDescriptor] {
        [
            FilterInputDescriptor("inputCenter", .position, default: .vector([150, 150]), summary: center),
            FilterInputDescriptor(
                "inputColor0", .color, default: .color(SIMD4(1, 1, 1, 1)),
                summary: "The colour of the first set of \(pieces)."),
            FilterInputDescriptor(
                "inputColor1", .color, default: .color(SIMD4(0, 0, 0, 1)),
                summary: "The colour of the second set of \(pieces)."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(80), range: 0...Double.infinity, slider: 0...800,
                summary: width),
            FilterInputDescriptor(
                "inputSharpness", .scalar, default: .number(1), range: 0...1,
                summary: "1 for hard edges, lower for softer ones.")
        ]
    }

    static func image(_ args: FilterArguments, kernel: Kernel, label: String) throws(FilterError) -> Image {
        let arguments =
            [.vec2(GeneratorSupport.position(try args.vector("inputCenter")))]
            + GeneratorSupport.squareWaveArguments(
                width: try args.number("inputWidth"), sharpness: try args.number("inputSharpness"))
        return Image.make(
            kernel,
            [
                GeneratorSupport.colorImage(try args.color("inputColor0")),
                GeneratorSupport.colorImage(try args.color("inputColor1"))
            ],
            KernelArguments(arguments), extent: .infinite, label: label)
    }

    /// The kernel: both axes' waves multiplied (`bothAxes`), or x's alone.
    static func kernel(named name: String, bothAxes: Bool) -> Kernel {
        Kernel(
            color: name, inputCount: 2, usesDestCoord: true,
            parameters: [
                .init("center", "vec2"), .init("inversePeriod", "float"), .init("period", "float"),
                .init("inverseHalfBlur", "float")
            ],
            glsl: GeneratorSupport.squareWaveGLSL("\(name)Wave") + """

                vec4 \(name)(vec4 s0, vec4 s1, vec2 dc, vec2 center, float inversePeriod, float period, float inverseHalfBlur) {
                    vec2 w = \(name)Wave(dc, center, inversePeriod, period, inverseHalfBlur);
                    return s1 + (s0 - s1) * (0.5 + 0.5 * \(bothAxes ? "w.x * w.y" : "w.x"));
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
                    let wy =
                        bothAxes
                        ? GeneratorSupport.squareWave(
                            coords[i].y, origin: center.y, inversePeriod: inversePeriod, period: period,
                            inverseHalfBlur: inverseHalfBlur) : 1
                    px[i] = c1[i] + (px[i] - c1[i]) * (0.5 + 0.5 * wx * wy)
                }
            })
    }
}
