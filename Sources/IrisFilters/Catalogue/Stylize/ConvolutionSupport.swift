import IrisCore

/// The shared machinery of the square and one-dimensional convolutions (CIConvolution5X5, 7X7, 9Horizontal,
/// 9Vertical and their RGB variants): one general kernel per shape, its GLSL unrolled tap by tap, the weights
/// in `mat4` uniforms (16 a matrix, column-major, so weight k sits at `w[k / 16][(k % 16) / 4][k % 4]`).
///
/// Like CIConvolution3X3 it is a correlation: weights are given top row first, left to right, as the
/// neighbourhood appears on screen (y is up, so the top row is at y + ⌊rows/2⌋).
enum ConvolutionSupport {
    struct Shape: Sendable {
        let columns: Int
        let rows: Int
        /// The RGB variants convolve red, green and blue and keep the centre pixel's alpha.
        let rgbOnly: Bool
        var count: Int { columns * rows }
        var matrices: Int { (count + 15) / 16 }
        /// The offset of weight `k` from the centre pixel.
        func offset(_ k: Int) -> SIMD2<Float> {
            let r = k / columns, c = k % columns
            return SIMD2(Float(c - columns / 2), Float(rows / 2 - r))
        }
    }

    static func glslFloat(_ v: Float) -> String { v == v.rounded() ? "\(Int(v)).0" : "\(v)" }

    static func kernel(name: String, shape: Shape) -> Kernel {
        let parameters = (0..<shape.matrices).map { Kernel.Parameter("w\($0)", "mat4") } + [.init("bias", "float")]
        var body = ""
        for k in 0..<shape.count {
            let o = shape.offset(k)
            body +=
                "    sum += w\(k / 16)[\((k % 16) / 4)][\(k % 4)] * sample0(dc + vec2(\(glslFloat(o.x)), \(glslFloat(o.y))));\n"
        }
        let signature = (0..<shape.matrices).map { "mat4 w\($0)" }.joined(separator: ", ")
        let result = shape.rgbOnly ? "vec4(sum.rgb + vec3(bias), sample0(dc).a)" : "sum + vec4(bias)"
        let glsl = """
            vec4 \(name)(vec2 dc, \(signature), float bias) {
                vec4 sum = vec4(0.0);
            \(body)    return \(result);
            }
            """
        let count = shape.count
        return Kernel(
            general: name, parameters: parameters, glsl: glsl,
            cpu: { coords, sample, args in
                var weights: [Float] = []
                for m in 0..<shape.matrices { weights += args.mat4(m) }
                let bias = args.float(shape.matrices)
                var sum = [SIMD4<Float>](repeating: .zero, count: coords.count)
                var shifted = coords
                for k in 0..<count {
                    let weight = weights[k]
                    // A zero weight adds nothing; skipping it saves a row of reads.
                    if weight == 0 { continue }
                    let offset = shape.offset(k)
                    for i in coords.indices { shifted[i] = coords[i] + offset }
                    let values = sample(0, shifted)
                    for i in sum.indices { sum[i] += weight * values[i] }
                }
                if shape.rgbOnly {
                    let centre = sample(0, coords)
                    for i in sum.indices {
                        sum[i] = SIMD4(sum[i].x + bias, sum[i].y + bias, sum[i].z + bias, centre[i].w)
                    }
                } else {
                    for i in sum.indices { sum[i] += SIMD4(repeating: bias) }
                }
                return sum
            }, roi: { _, rect, _ in rect.insetBy(dx: Double(shape.columns / 2), dy: Double(shape.rows / 2)) })
    }

    static func arguments(weights: [Double], bias: Double, shape: Shape) -> KernelArguments {
        var padded = weights.map(Float.init)
        padded += [Float](repeating: 0, count: shape.matrices * 16 - padded.count)
        let matrices = (0..<shape.matrices).map { m in KernelValue.mat4(Array(padded[(m * 16)..<(m * 16 + 16)])) }
        return KernelArguments(matrices + [.float(Float(bias))])
    }

    /// The identity weights: 1 at the centre.
    static func identity(_ shape: Shape) -> FilterValue {
        var w = [Double](repeating: 0, count: shape.count)
        w[shape.count / 2] = 1
        return .vector(w)
    }

    /// A convolution filter's descriptor. A non-zero bias makes the image infinite (pixels outside the input
    /// become the bias), as with CIConvolution3X3.
    static func descriptor(name: String, displayName: String, summary: String, shape: Shape, kernel: Kernel)
        -> FilterDescriptor
    {
        FilterDescriptor(
            name: name, displayName: displayName,
            categories: [
                FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
            ],
            summary: summary,
            inputs: [
                .image,
                FilterInputDescriptor(
                    "inputWeights", .vector, default: identity(shape),
                    summary:
                        "\(shape.count) weights, top row first, left to right, as the neighbourhood appears on screen."),
                FilterInputDescriptor(
                    "inputBias", .scalar, default: .number(0),
                    summary: shape.rgbOnly
                        ? "Added to red, green and blue of the result." : "Added to every component of the result.")
            ],
            readsNeighbourhood: true,
            build: { args throws(FilterError) in
                let image = try args.image("inputImage")
                let weights = try args.vector("inputWeights"), bias = try args.number("inputBias")
                let extent =
                    bias == 0
                    ? image.extent.insetBy(dx: -Double(shape.columns / 2), dy: -Double(shape.rows / 2)) : .infinite
                return Image.make(
                    kernel, [image], arguments(weights: weights, bias: bias, shape: shape), extent: extent, label: name)
            })
    }
}
