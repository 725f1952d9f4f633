import IrisCore

extension BuiltInFilters {
    /// CIColorCrossPolynomial: Core Image's formula, on straight working-space colour: each output component
    /// is k0·r + k1·g + k2·b + k3·r² + k4·g² + k5·b² + k6·rg + k7·gb + k8·br + k9 with that component's ten
    /// coefficients; alpha is kept.
    static let colorCrossPolynomial = FilterDescriptor(
        name: "CIColorCrossPolynomial", displayName: "Color Cross Polynomial",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Modifies the pixel values in an image by applying a set of polynomial cross-products.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRedCoefficients", .vector, default: .vector([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                summary: "Weights of r, g, b, r², g², b², rg, gb, br, 1 for red."),
            FilterInputDescriptor(
                "inputGreenCoefficients", .vector, default: .vector([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
                summary: "The same for green."),
            FilterInputDescriptor(
                "inputBlueCoefficients", .vector, default: .vector([0, 0, 1, 0, 0, 0, 0, 0, 0, 0]),
                summary: "The same for blue.")
        ],
        build: { args throws(FilterError) in
            let rows = [
                try args.vector("inputRedCoefficients"), try args.vector("inputGreenCoefficients"),
                try args.vector("inputBlueCoefficients")
            ]
            let image = try args.image("inputImage")
            if rows.enumerated().allSatisfy({ r, k in k == (0..<10).map { $0 == r ? 1 : 0 } }) { return image }
            return Image.make(
                colorCrossPolynomialKernel, [image], colorCrossPolynomialArguments(rows),
                extent: image.extent, label: "CIColorCrossPolynomial")
        })

    /// Three column-major mat4s over the term vectors (r, g, b, 1), (r², g², b², rg) and (gb, br, 0, 0):
    /// column j holds term j's weights for red, green, blue (and 0 for alpha).
    static func colorCrossPolynomialArguments(_ rows: [[Double]]) -> KernelArguments {
        let terms = [[0, 1, 2, 9], [3, 4, 5, 6], [7, 8, -1, -1]]
        return KernelArguments(
            terms.map { columns in
                var m = [Float](repeating: 0, count: 16)
                for (c, term) in columns.enumerated() where term >= 0 {
                    for r in 0..<3 { m[c * 4 + r] = Float(rows[r][term]) }
                }
                return .mat4(m)
            })
    }

    static let colorCrossPolynomialKernel = Kernel(
        color: "irisColorCrossPolynomial",
        parameters: [.init("linear", "mat4"), .init("square", "mat4"), .init("cross", "mat4")],
        glsl: """
            vec4 irisColorCrossPolynomial(vec4 s0, mat4 linear, mat4 square, mat4 cross) {
                vec4 c = iris_unpremultiply(s0);
                vec4 t1 = vec4(c.rgb, 1.0);
                vec4 t2 = vec4(c.rgb * c.rgb, c.r * c.g);
                vec4 t3 = vec4(c.g * c.b, c.b * c.r, 0.0, 0.0);
                vec3 rgb = (linear * t1 + square * t2 + cross * t3).rgb;
                return vec4(rgb * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let matrices = [args.mat4(0), args.mat4(1), args.mat4(2)]
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let terms: [SIMD4<Float>] = [
                    SIMD4(c.x, c.y, c.z, 1), SIMD4(c.x * c.x, c.y * c.y, c.z * c.z, c.x * c.y),
                    SIMD4(c.y * c.z, c.z * c.x, 0, 0)
                ]
                var rgb = SIMD4<Float>.zero
                for (m, t) in zip(matrices, terms) {
                    for col in 0..<4 { rgb += SIMD4(m[col * 4], m[col * 4 + 1], m[col * 4 + 2], 0) * t[col] }
                }
                px[i] = SIMD4(rgb.x * c.w, rgb.y * c.w, rgb.z * c.w, c.w)
            }
        })
}
