import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIGaussianGradient: `inputColor0` at `inputCenter` fading to `inputColor1` with a Gaussian of the
    /// distance: colour = mix(c1, c0, g), g = exp(−r² / (2σ²)) with σ = `inputRadius` / 3, so the colour is
    /// within about 1 % of colour 1 at the radius. Apple does not publish σ; Iris's choice. Infinite extent.
    static let gaussianGradient = FilterDescriptor(
        name: "CIGaussianGradient", displayName: "Gaussian Gradient", categories: GeneratorSupport.gradientCategories,
        summary: "Generates a gradient that varies from one color to another using a Gaussian distribution.",
        inputs: [
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre, x and y."),
            FilterInputDescriptor(
                "inputColor0", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour at the centre."),
            FilterInputDescriptor(
                "inputColor1", .color, default: .color(SIMD4(0, 0, 0, 0)), summary: "The colour far from the centre."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...800,
                summary: "Where the gradient has all but reached colour 1 (three standard deviations).")
        ],
        build: { args throws(FilterError) in
            let sigma = max(try args.number("inputRadius"), 1e-3) / 3
            return Image.make(
                gaussianGradientKernel,
                [
                    GeneratorSupport.colorImage(try args.color("inputColor0")),
                    GeneratorSupport.colorImage(try args.color("inputColor1"))
                ],
                KernelArguments([
                    .vec2(GeneratorSupport.position(try args.vector("inputCenter"))),
                    .float(Float(1 / (2 * sigma * sigma)))
                ]),
                extent: .infinite, label: "CIGaussianGradient")
        })

    /// g = exp(−r² · k), k = 1 / (2σ²).
    static let gaussianGradientKernel = Kernel(
        color: "irisGaussianGradient", inputCount: 2, usesDestCoord: true,
        parameters: [.init("center", "vec2"), .init("k", "float")],
        glsl: """
            vec4 irisGaussianGradient(vec4 s0, vec4 s1, vec2 dc, vec2 center, float k) {
                vec2 d = dc - center;
                float g = exp(-dot(d, d) * k);
                return s1 + (s0 - s1) * g;
            }
            """,
        cpu: { px, others, coords, args in
            let center = args.vec2(0), k = args.float(1)
            let c1 = others[0]
            for i in 0..<min(px.count, c1.count, coords.count) {
                let d = coords[i] - center
                let g = Float.exp(-(d.x * d.x + d.y * d.y) * k)
                px[i] = c1[i] + (px[i] - c1[i]) * g
            }
        })
}
