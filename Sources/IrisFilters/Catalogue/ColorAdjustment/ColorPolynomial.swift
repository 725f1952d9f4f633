import IrisCore

extension BuiltInFilters {
    /// CIColorPolynomial: Core Image's formula, on straight working-space colour: each component c becomes
    /// k0 + k1·c + k2·c² + k3·c³ with its own coefficients (alpha too; the new alpha is clamped to 0…1).
    static let colorPolynomial = FilterDescriptor(
        name: "CIColorPolynomial", displayName: "Color Polynomial",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Modifies the pixel values in an image by applying a set of cubic polynomials.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRedCoefficients", .vector, default: .vector([0, 1, 0, 0]), summary: "k0…k3 for red."),
            FilterInputDescriptor(
                "inputGreenCoefficients", .vector, default: .vector([0, 1, 0, 0]), summary: "k0…k3 for green."),
            FilterInputDescriptor(
                "inputBlueCoefficients", .vector, default: .vector([0, 1, 0, 0]), summary: "k0…k3 for blue."),
            FilterInputDescriptor(
                "inputAlphaCoefficients", .vector, default: .vector([0, 1, 0, 0]), summary: "k0…k3 for alpha.")
        ],
        build: { args throws(FilterError) in
            let keys = [
                "inputRedCoefficients", "inputGreenCoefficients", "inputBlueCoefficients", "inputAlphaCoefficients"
            ]
            var values: [KernelValue] = []
            for key in keys { values.append(.vec4(floatVector(try args.vector(key)))) }
            let image = try args.image("inputImage")
            if values.allSatisfy({ $0 == .vec4(SIMD4(0, 1, 0, 0)) }) { return image }
            return Image.make(
                colorPolynomialKernel, [image], KernelArguments(values), extent: image.extent,
                label: "CIColorPolynomial")
        })

    static let colorPolynomialKernel = Kernel(
        color: "irisColorPolynomial",
        parameters: [.init("red", "vec4"), .init("green", "vec4"), .init("blue", "vec4"), .init("alpha", "vec4")],
        glsl: """
            float irisColorPolynomialTerm(float c, vec4 k) { return k.x + c * (k.y + c * (k.z + c * k.w)); }
            vec4 irisColorPolynomial(vec4 s0, vec4 red, vec4 green, vec4 blue, vec4 alpha) {
                vec4 c = iris_unpremultiply(s0);
                float a = clamp(irisColorPolynomialTerm(c.a, alpha), 0.0, 1.0);
                vec3 rgb = vec3(irisColorPolynomialTerm(c.r, red), irisColorPolynomialTerm(c.g, green), irisColorPolynomialTerm(c.b, blue));
                return vec4(rgb * a, a);
            }
            """,
        cpu: { px, _, _, args in
            let red = args.vec4(0), green = args.vec4(1), blue = args.vec4(2), alpha = args.vec4(3)
            @inline(__always) func term(_ c: Float, _ k: SIMD4<Float>) -> Float {
                k.x + c * (k.y + c * (k.z + c * k.w))
            }
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let a = min(max(term(c.w, alpha), 0), 1)
                px[i] = SIMD4(term(c.x, red) * a, term(c.y, green) * a, term(c.z, blue) * a, a)
            }
        })
}
