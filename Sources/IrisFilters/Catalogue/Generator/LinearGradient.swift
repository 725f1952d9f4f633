import IrisCore

extension BuiltInFilters {
    /// CILinearGradient: `inputColor0` at `inputPoint0` to `inputColor1` at `inputPoint1`, constant across
    /// the line between them and beyond its ends: t = clamp(((p − p0)·(p1 − p0)) / |p1 − p0|², 0, 1),
    /// colour = mix(c0, c1, t) in the working space. Equal points give colour 0 everywhere. Infinite extent.
    static let linearGradient = linearGradientDescriptor(
        name: "CILinearGradient", displayName: "Linear Gradient", smooth: false,
        summary: "Generates a gradient that varies along a linear axis between two defined endpoints.")

    /// CISmoothLinearGradient: CILinearGradient with t eased by smoothstep, t²·(3 − 2t), so the colour leaves
    /// and reaches the end colours with zero slope.
    static let smoothLinearGradient = linearGradientDescriptor(
        name: "CISmoothLinearGradient", displayName: "Smooth Linear Gradient", smooth: true,
        summary:
            "Generates a gradient that uses an S-curve function to blend colors along a linear axis between two defined endpoints."
    )

    static func linearGradientDescriptor(name: String, displayName: String, smooth: Bool, summary: String)
        -> FilterDescriptor
    {
        FilterDescriptor(
            name: name, displayName: displayName, categories: GeneratorSupport.gradientCategories, summary: summary,
            inputs: [
                FilterInputDescriptor(
                    "inputPoint0", .position, default: .vector([0, 0]),
                    summary: "Where the gradient is colour 0, x and y."),
                FilterInputDescriptor(
                    "inputPoint1", .position, default: .vector([200, 200]),
                    summary: "Where the gradient is colour 1, x and y."),
                FilterInputDescriptor(
                    "inputColor0", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour at point 0."),
                FilterInputDescriptor(
                    "inputColor1", .color, default: .color(SIMD4(0, 0, 0, 1)), summary: "The colour at point 1.")
            ],
            build: { args throws(FilterError) in
                let p0 = GeneratorSupport.position(try args.vector("inputPoint0")),
                    p1 = GeneratorSupport.position(try args.vector("inputPoint1"))
                let d = SIMD2<Double>(p1 - p0)
                let lengthSquared = d.x * d.x + d.y * d.y
                let direction = lengthSquared > 0 ? SIMD2<Float>(d / lengthSquared) : .zero
                return Image.make(
                    linearGradientKernel,
                    [
                        GeneratorSupport.colorImage(try args.color("inputColor0")),
                        GeneratorSupport.colorImage(try args.color("inputColor1"))
                    ],
                    KernelArguments([.vec2(p0), .vec2(direction), .float(smooth ? 1 : 0)]), extent: .infinite,
                    label: name)
            })
    }

    /// t = clamp((p − p0)·direction, 0, 1), direction = (p1 − p0) / |p1 − p0|²; smoothstep when `easing` is 1.
    static let linearGradientKernel = Kernel(
        color: "irisLinearGradient", inputCount: 2, usesDestCoord: true,
        parameters: [.init("point0", "vec2"), .init("direction", "vec2"), .init("easing", "float")],
        glsl: """
            vec4 irisLinearGradient(vec4 s0, vec4 s1, vec2 dc, vec2 point0, vec2 direction, float easing) {
                float t = clamp(dot(dc - point0, direction), 0.0, 1.0);
                t = mix(t, t * t * (3.0 - 2.0 * t), easing);
                return s0 + (s1 - s0) * t;
            }
            """,
        cpu: { px, others, coords, args in
            let p0 = args.vec2(0), direction = args.vec2(1), easing = args.float(2)
            let c1 = others[0]
            for i in 0..<min(px.count, c1.count, coords.count) {
                let d = coords[i] - p0
                var t = min(max(d.x * direction.x + d.y * direction.y, 0), 1)
                t = t + (t * t * (3 - 2 * t) - t) * easing
                px[i] = px[i] + (c1[i] - px[i]) * t
            }
        })
}
