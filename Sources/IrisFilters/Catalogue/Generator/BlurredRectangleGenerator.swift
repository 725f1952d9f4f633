import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIBlurredRectangleGenerator: the rectangle `inputExtent` in `inputColor`, blurred by a Gaussian of
    /// standard deviation `inputSigma`, computed in closed form rather than by blurring: a box convolved
    /// with a Gaussian is, per axis, ½·(erf((x1 − x) / (σ√2)) − erf((x0 − x) / (σ√2))), and the coverage is
    /// the product of the two axes'. erf is Abramowitz and Stegun's 7.1.26 (error below 1.5·10⁻⁷) on both
    /// renderers. The extent is the rectangle grown by 3σ on every side ("the extent of the rectangle plus
    /// any additional space required for the blur effect", as Apple puts it). Apple does not document the
    /// defaults; Iris's are CIRoundedRectangleGenerator's rectangle and σ = 10.
    static let blurredRectangleGenerator = FilterDescriptor(
        name: "CIBlurredRectangleGenerator", displayName: "Blurred Rectangle Generator",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates a blurred rectangle image with the specified extent, blur sigma, and color.",
        inputs: [
            FilterInputDescriptor(
                "inputExtent", .vector, default: .vector([0, 0, 100, 100]),
                summary: "The rectangle: x, y, width, height."),
            FilterInputDescriptor(
                "inputSigma", .distance, default: .number(10), range: 0...Double.infinity, slider: 0...100,
                summary: "The standard deviation of the blur, in pixels."),
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour of the rectangle.")
        ],
        build: { args throws(FilterError) in
            let box = try RoundedBox(args, radius: 0)
            let sigma = max(try args.number("inputSigma"), 1e-3)
            let r = box.rect, margin = 3 * sigma
            return Image.make(
                blurredRectangleKernel, [GeneratorSupport.colorImage(try args.color("inputColor"))],
                KernelArguments([
                    .vec4(SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))),
                    .float(Float(1 / (sigma * 2.0.squareRoot())))
                ]),
                extent: Rect(
                    x: r.minX - margin, y: r.minY - margin, width: r.width + 2 * margin, height: r.height + 2 * margin),
                label: "CIBlurredRectangleGenerator")
        })

    /// Abramowitz and Stegun 7.1.26, odd-extended.
    @inline(__always)
    static func erfApproximation(_ x: Float) -> Float {
        let a = abs(x)
        let t = 1 / (1 + 0.3275911 * a)
        let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        let y = 1 - poly * Float.exp(-a * a)
        return x < 0 ? -y : y
    }

    /// rect = (minX, minY, maxX, maxY); k = 1 / (σ√2).
    static let blurredRectangleKernel = Kernel(
        color: "irisBlurredRectangle", inputCount: 1, usesDestCoord: true,
        parameters: [.init("rect", "vec4"), .init("k", "float")],
        glsl: """
            float irisBlurredRectangleErf(float x) {
                float a = abs(x);
                float t = 1.0 / (1.0 + 0.3275911 * a);
                float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
                float y = 1.0 - poly * exp(-a * a);
                return x < 0.0 ? -y : y;
            }
            vec4 irisBlurredRectangle(vec4 s0, vec2 dc, vec4 rect, float k) {
                float cx = 0.5 * (irisBlurredRectangleErf((rect.z - dc.x) * k) - irisBlurredRectangleErf((rect.x - dc.x) * k));
                float cy = 0.5 * (irisBlurredRectangleErf((rect.w - dc.y) * k) - irisBlurredRectangleErf((rect.y - dc.y) * k));
                return s0 * (cx * cy);
            }
            """,
        cpu: { px, _, coords, args in
            let rect = args.vec4(0), k = args.float(1)
            for i in 0..<min(px.count, coords.count) {
                let p = coords[i]
                let cx = 0.5 * (erfApproximation((rect.z - p.x) * k) - erfApproximation((rect.x - p.x) * k))
                let cy = 0.5 * (erfApproximation((rect.w - p.y) * k) - erfApproximation((rect.y - p.y) * k))
                px[i] = px[i] * (cx * cy)
            }
        })
}
