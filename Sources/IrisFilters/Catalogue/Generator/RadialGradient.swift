import IrisCore

extension BuiltInFilters {
    /// CIRadialGradient: `inputColor0` within `inputRadius0` of `inputCenter`, `inputColor1` beyond
    /// `inputRadius1`, and between them t = clamp((r − r0) / (r1 − r0), 0, 1), colour = mix(c0, c1, t) in the
    /// working space (r1 < r0 runs the other way; equal radii give a hard edge). Infinite extent.
    static let radialGradient = FilterDescriptor(
        name: "CIRadialGradient", displayName: "Radial Gradient", categories: GeneratorSupport.gradientCategories,
        summary: "Generates a gradient that varies radially between two circles having the same center.",
        inputs: [
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre of both circles, x and y."),
            FilterInputDescriptor(
                "inputRadius0", .distance, default: .number(5), range: 0...Double.infinity, slider: 0...800,
                summary: "The radius within which the gradient is colour 0."),
            FilterInputDescriptor(
                "inputRadius1", .distance, default: .number(100), range: 0...Double.infinity, slider: 0...800,
                summary: "The radius beyond which the gradient is colour 1."),
            FilterInputDescriptor(
                "inputColor0", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour inside radius 0."),
            FilterInputDescriptor(
                "inputColor1", .color, default: .color(SIMD4(0, 0, 0, 1)), summary: "The colour outside radius 1.")
        ],
        build: { args throws(FilterError) in
            let r0 = try args.number("inputRadius0"), r1 = try args.number("inputRadius1")
            let span = r1 - r0
            let inverseSpan = abs(span) < 1e-4 ? 1e4 : 1 / span
            return Image.make(
                radialGradientKernel,
                [
                    GeneratorSupport.colorImage(try args.color("inputColor0")),
                    GeneratorSupport.colorImage(try args.color("inputColor1"))
                ],
                KernelArguments([
                    .vec2(GeneratorSupport.position(try args.vector("inputCenter"))), .float(Float(r0)),
                    .float(Float(inverseSpan))
                ]),
                extent: .infinite, label: "CIRadialGradient")
        })

    static let radialGradientKernel = Kernel(
        color: "irisRadialGradient", inputCount: 2, usesDestCoord: true,
        parameters: [.init("center", "vec2"), .init("radius0", "float"), .init("inverseSpan", "float")],
        glsl: """
            vec4 irisRadialGradient(vec4 s0, vec4 s1, vec2 dc, vec2 center, float radius0, float inverseSpan) {
                float t = clamp((length(dc - center) - radius0) * inverseSpan, 0.0, 1.0);
                return s0 + (s1 - s0) * t;
            }
            """,
        cpu: { px, others, coords, args in
            let center = args.vec2(0), radius0 = args.float(1), inverseSpan = args.float(2)
            let c1 = others[0]
            for i in 0..<min(px.count, c1.count, coords.count) {
                let d = coords[i] - center
                let t = min(max(((d.x * d.x + d.y * d.y).squareRoot() - radius0) * inverseSpan, 0), 1)
                px[i] = px[i] + (c1[i] - px[i]) * t
            }
        })
}
