import IrisCore

extension BuiltInFilters {
    /// CISunbeamsGenerator: a sun with rays. Apple does not publish the formula; Iris's, with r the distance
    /// from `inputCenter`, R = `inputSunRadius`, θ the angle:
    ///
    ///     disc  = clamp(R − r + ½, 0, 1)                                  the sun, antialiased
    ///     x     = max(r − R, 0) / (R · `inputMaxStriationRadius`)         distance out from the rim
    ///     glow  = ½ · exp(−3x)
    ///     rays  = `inputStriationStrength` · s(θ) · max(1 − x, 0)²       s: `GeneratorSupport.striation` with
    ///                                                                    `inputStriationContrast`, `inputTime`
    ///     I     = min(disc + (1 − disc) · (glow + rays), 1)
    ///     out   = mix(colour, white of the colour's alpha, disc) · I
    ///
    /// so the sun is white and the glow and rays take `inputColor`. Infinite extent.
    static let sunbeamsGenerator = FilterDescriptor(
        name: "CISunbeamsGenerator", displayName: "Sunbeams", categories: GeneratorSupport.generatorCategories,
        summary: "Generates a sun effect.",
        inputs: [
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre of the sun, x and y."),
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 0.5, 0, 1)), summary: "The colour of the glow and rays."),
            FilterInputDescriptor(
                "inputSunRadius", .distance, default: .number(40), range: 0...Double.infinity, slider: 0...800,
                summary: "The radius of the sun, in pixels."),
            FilterInputDescriptor(
                "inputMaxStriationRadius", .scalar, default: .number(2.58), range: 0...Double.infinity, slider: 0...10,
                summary: "How far the rays reach beyond the rim, in sun radii."),
            FilterInputDescriptor(
                "inputStriationStrength", .scalar, default: .number(0.5), range: 0...Double.infinity, slider: 0...3,
                summary: "The brightness of the rays."),
            FilterInputDescriptor(
                "inputStriationContrast", .scalar, default: .number(1.375), range: 0...Double.infinity, slider: 0...5,
                summary: "The contrast between rays and the gaps between them."),
            FilterInputDescriptor(
                "inputTime", .scalar, default: .number(0), range: 0...1,
                summary: "Moves the rays; 0 and 1 give the same image.")
        ],
        build: { args throws(FilterError) in
            let radius = try args.number("inputSunRadius")
            let reach = max(radius * (try args.number("inputMaxStriationRadius")), 1e-3)
            let shape = SIMD4<Float>(
                Float(radius), Float(1 / reach), Float(try args.number("inputStriationStrength")),
                Float(try args.number("inputStriationContrast")))
            return Image.make(
                sunbeamsKernel, [GeneratorSupport.colorImage(try args.color("inputColor"))],
                KernelArguments([
                    .vec2(GeneratorSupport.position(try args.vector("inputCenter"))), .vec4(shape),
                    .float(Float(try args.number("inputTime")))
                ]),
                extent: .infinite, label: "CISunbeamsGenerator")
        })

    /// shape = (R, 1 / reach, strength, contrast).
    static let sunbeamsKernel = Kernel(
        color: "irisSunbeams", inputCount: 1, usesDestCoord: true,
        parameters: [.init("center", "vec2"), .init("shape", "vec4"), .init("time", "float")],
        glsl: GeneratorSupport.striationGLSL("irisSunbeamsStriation") + """

            vec4 irisSunbeams(vec4 s0, vec2 dc, vec2 center, vec4 shape, float time) {
                vec2 d = dc - center;
                float r = length(d);
                float disc = clamp(shape.x - r + 0.5, 0.0, 1.0);
                float x = max(r - shape.x, 0.0) * shape.y;
                float glow = 0.5 * exp(-3.0 * x);
                float fade = max(1.0 - x, 0.0);
                float rays = shape.z * irisSunbeamsStriation(\(GeneratorSupport.angleGLSLExpression), time, shape.w) * fade * fade;
                float intensity = min(disc + (1.0 - disc) * (glow + rays), 1.0);
                return (s0 + (vec4(s0.a) - s0) * disc) * intensity;
            }
            """,
        cpu: { px, _, coords, args in
            let center = args.vec2(0), shape = args.vec4(1), time = args.float(2)
            for i in 0..<min(px.count, coords.count) {
                let d = coords[i] - center
                let r = (d.x * d.x + d.y * d.y).squareRoot()
                let disc = min(max(shape.x - r + 0.5, 0), 1)
                let x = max(r - shape.x, 0) * shape.y
                let glow = 0.5 * Float.exp(-3 * x)
                let fade = max(1 - x, 0)
                let rays =
                    shape.z * GeneratorSupport.striation(GeneratorSupport.angle(d), time: time, contrast: shape.w)
                    * fade * fade
                let intensity = min(disc + (1 - disc) * (glow + rays), 1)
                let s = px[i]
                px[i] = (s + (SIMD4(repeating: s.w) - s) * disc) * intensity
            }
        })
}

import RealModule
