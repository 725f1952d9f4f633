import IrisCore

extension BuiltInFilters {
    /// CIConvolution3X3: a weighted sum of the 3×3 neighbourhood of premultiplied colour (alpha included),
    /// plus `inputBias` on every component. A non-zero bias makes the image infinite, as Core Image warns:
    /// pixels outside the input become the bias.
    static let convolution3X3 = FilterDescriptor(
        name: "CIConvolution3X3", displayName: "3 by 3 Convolution",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Modifies pixel values by performing a 3x3 matrix convolution.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputWeights", .vector, default: .vector([0, 0, 0, 0, 1, 0, 0, 0, 0]),
                summary: "Nine weights, top row first, left to right, as the neighbourhood appears on screen."),
            FilterInputDescriptor(
                "inputBias", .scalar, default: .number(0), summary: "Added to every component of the result.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let weights = try args.vector("inputWeights"), bias = try args.number("inputBias")
            let extent = bias == 0 ? image.extent.insetBy(dx: -1, dy: -1) : .infinite
            return Image.make(
                convolution3X3Kernel, [image], convolution3X3Arguments(weights: weights, bias: bias),
                extent: extent, label: "CIConvolution3X3")
        })

    /// Rows as vec3s: top (y + 1), middle, bottom (y − 1); y is up in Iris's coordinates.
    static func convolution3X3Arguments(weights w: [Double], bias: Double) -> KernelArguments {
        func row(_ r: Int) -> KernelValue { .vec3(SIMD3(Float(w[r * 3]), Float(w[r * 3 + 1]), Float(w[r * 3 + 2]))) }
        return KernelArguments([row(0), row(1), row(2), .float(Float(bias))])
    }

    /// Correlation (the weight at top-left multiplies the top-left neighbour), which is what "weights as the
    /// neighbourhood appears" means; Core Image does not say whether it flips the kernel.
    static let convolution3X3Kernel = Kernel(
        general: "irisConvolution3x3",
        parameters: [.init("top", "vec3"), .init("middle", "vec3"), .init("bottom", "vec3"), .init("bias", "float")],
        glsl: """
            vec4 irisConvolution3x3(vec2 dc, vec3 top, vec3 middle, vec3 bottom, float bias) {
                vec4 sum = vec4(bias);
                sum += top.x * sample0(dc + vec2(-1.0, 1.0)) + top.y * sample0(dc + vec2(0.0, 1.0)) + top.z * sample0(dc + vec2(1.0, 1.0));
                sum += middle.x * sample0(dc + vec2(-1.0, 0.0)) + middle.y * sample0(dc) + middle.z * sample0(dc + vec2(1.0, 0.0));
                sum += bottom.x * sample0(dc + vec2(-1.0, -1.0)) + bottom.y * sample0(dc + vec2(0.0, -1.0)) + bottom.z * sample0(dc + vec2(1.0, -1.0));
                return sum;
            }
            """,
        cpu: { coords, sample, args in
            let rows = [args.vec3(0), args.vec3(1), args.vec3(2)]
            var sum = [SIMD4<Float>](repeating: SIMD4(repeating: args.float(3)), count: coords.count)
            var shifted = coords
            for (r, dy) in zip(0..<3, [Float(1), 0, -1]) {
                for (c, dx) in zip(0..<3, [Float(-1), 0, 1]) {
                    let weight = rows[r][c]
                    // A zero weight adds nothing; skipping it saves a row of reads.
                    if weight == 0 { continue }
                    let offset = SIMD2(dx, dy)
                    for k in coords.indices { shifted[k] = coords[k] + offset }
                    let values = sample(0, shifted)
                    for k in sum.indices { sum[k] += weight * values[k] }
                }
            }
            return sum
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: -1) })
}
