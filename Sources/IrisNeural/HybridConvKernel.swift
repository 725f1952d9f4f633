/// CONV_2D and DEPTHWISE_CONV_2D with int8 weights on float activations (TensorFlow Lite's "hybrid"
/// dynamic-range models): as TensorFlow Lite's kernels do, the input is quantized to int8 on every run
/// (asymmetrically, one scale and zero point for the whole tensor), products are summed in exact integers,
/// and each sum is scaled back by the input's and the output channel's scale before the float bias. The
/// integer sums make the result independent of summation order, so it agrees with TensorFlow Lite's
/// to float rounding. When no partial sum can reach 2^24 (every window's |w| · |x − zero point| summed
/// stays below it), the sums run as floats through the float kernels' SIMD loops, where integers are
/// exact; otherwise in Int32, one product at a time.
struct HybridConvKernel: Sendable {
    let input: FeatureMap
    let output: FeatureMap
    let window: ConvolutionWindow
    let depthwise: Bool
    let activation: TFLiteSchema.Activation
    /// Weights as stored: conv [out][kh][kw][in], depthwise [1][kh][kw][out].
    let weights: [Int8]
    /// One scale per output channel.
    let scales: [Float]
    let bias: [Float]
    /// The same window with the int8 weights as floats, no bias: sums exactly when `exactInFloat`.
    let floatSums: FloatSums?

    enum FloatSums: Sendable {
        case conv(Conv2DKernel)
        case depthwise(DepthwiseConv2DKernel)
    }

    init(
        input: FeatureMap, weights: [Int8], quantization: TFLiteSchema.Quantization, weightShape: [Int], bias: [Float]?,
        depthwise: Bool, options: TFLiteSchema.Options
    ) throws(TFLiteError) {
        let name = depthwise ? "DEPTHWISE_CONV_2D" : "CONV_2D"
        guard weightShape.count == 4, weightShape.reduce(1, *) == weights.count,
            depthwise
                ? (weightShape[0] == 1 && weightShape[3] == input.channels && options.depthMultiplier == 1)
                : weightShape[3] == input.channels
        else {
            throw .malformed(
                "\(name) int8 weights \(weightShape) do not fit input \(input) (depthwise multipliers other than 1 are not supported)"
            )
        }
        let outC = depthwise ? weightShape[3] : weightShape[0]
        guard quantization.zeroPoints.allSatisfy({ $0 == 0 }),
            quantization.scales.count == 1 || quantization.scales.count == outC,
            quantization.scales.count == 1 || quantization.axis == (depthwise ? 3 : 0)
        else {
            throw .malformed("\(name): int8 weights need symmetric scales, one or one per output channel")
        }
        window = ConvolutionWindow(input: input, kernelH: weightShape[1], kernelW: weightShape[2], options: options)
        self.input = input
        output = FeatureMap(height: window.outputHeight, width: window.outputWidth, channels: outC)
        self.depthwise = depthwise
        activation = options.activation
        self.weights = weights
        scales =
            quantization.scales.count == 1 ? Array(repeating: quantization.scales[0], count: outC) : quantization.scales
        self.bias = bias ?? Array(repeating: 0, count: outC)
        // The largest sum: every tap at |w| ≤ 127 times |x − offset| ≤ 255.
        let taps = weightShape[1] * weightShape[2] * (depthwise ? 1 : input.channels)
        if taps * 127 * 255 < 1 << 24 {
            var plain = options
            plain.activation = .none
            let floats = weights.map(Float.init)
            floatSums =
                depthwise
                ? .depthwise(
                    try DepthwiseConv2DKernel(
                        input: input, weights: floats, weightShape: weightShape, bias: nil, options: plain))
                : .conv(
                    try Conv2DKernel(input: input, weights: floats, weightShape: weightShape, bias: nil, options: plain)
                )
        } else {
            floatSums = nil
        }
    }

    func run(_ source: UnsafeBufferPointer<Float>, into target: UnsafeMutableBufferPointer<Float>) {
        let (quantized, scale, offset) = Self.quantize(source)
        if let floatSums {
            let shifted = quantized.map { Float(Int32($0) - offset) }
            shifted.withUnsafeBufferPointer { x in
                switch floatSums {
                case .conv(let kernel): kernel.run(x, into: target)
                case .depthwise(let kernel): kernel.run(x, into: target)
                }
            }
            let outC = output.channels
            for at in stride(from: 0, to: output.count, by: outC) {
                for oc in 0..<outC {
                    // TensorFlow Lite's order: conv scales the sum by the channel's scale, then the input's;
                    // depthwise by their product.
                    let sum = target[at + oc]
                    let real: Float = depthwise ? sum * (scales[oc] * scale) : sum * scales[oc] * scale
                    target[at + oc] = activation.apply(real + bias[oc])
                }
            }
            return
        }
        let inC = input.channels, outC = output.channels, kh = window.kernelH, kw = window.kernelW
        quantized.withUnsafeBufferPointer { x in
            weights.withUnsafeBufferPointer { w in
                for oy in 0..<output.height {
                    for ox in 0..<output.width {
                        let y0 = oy * window.strideH - window.padTop, x0 = ox * window.strideW - window.padLeft
                        let out = (oy * output.width + ox) * outC
                        for oc in 0..<outC {
                            var acc: Int32 = 0
                            for ky in 0..<kh {
                                let y = y0 + ky * window.dilationH
                                guard y >= 0, y < input.height else { continue }
                                for kx in 0..<kw {
                                    let xx = x0 + kx * window.dilationW
                                    // Taps outside the picture are left out (zero padding in real values).
                                    guard xx >= 0, xx < input.width else { continue }
                                    let pixel = (y * input.width + xx) * inC
                                    if depthwise {
                                        acc &+= Int32(w[(ky * kw + kx) * outC + oc]) &* (Int32(x[pixel + oc]) &- offset)
                                    } else {
                                        let row = ((oc * kh + ky) * kw + kx) * inC
                                        for ic in 0..<inC {
                                            acc &+= Int32(w[row + ic]) &* (Int32(x[pixel + ic]) &- offset)
                                        }
                                    }
                                }
                            }
                            // TensorFlow Lite's order: conv scales the sum by the channel's scale, then the
                            // input's; depthwise by their product.
                            let real: Float =
                                depthwise ? Float(acc) * (scales[oc] * scale) : Float(acc) * scales[oc] * scale
                            target[out + oc] = activation.apply(real + bias[oc])
                        }
                    }
                }
            }
        }
    }

    /// TensorFlow Lite's asymmetric quantization of a whole tensor to int8: the range widened to hold 0,
    /// 256 steps across it, and the zero point taken from whichever end rounds with less error.
    static func quantize(_ values: UnsafeBufferPointer<Float>) -> (values: [Int8], scale: Float, offset: Int32) {
        var low = Float.infinity, high = -Float.infinity
        for v in values {
            low = min(low, v)
            high = max(high, v)
        }
        let rmin = Double(min(0, low)), rmax = Double(max(0, high))
        guard rmin != rmax else { return (Array(repeating: 0, count: values.count), 1, 0) }
        let qmin = -128.0, qmax = 127.0
        let step = (rmax - rmin) / (qmax - qmin)
        let fromMin = qmin - rmin / step, fromMax = qmax - rmax / step
        let zero = abs(qmin) + abs(rmin / step) < abs(qmax) + abs(rmax / step) ? fromMin : fromMax
        let offset: Int32 = zero <= qmin ? -128 : zero >= qmax ? 127 : Int32(zero.rounded(.toNearestOrAwayFromZero))
        let scale = Float(step), inverse: Float = 1 / scale
        let quantized = values.map { v -> Int8 in
            let shifted: Float = Float(offset) + v * inverse
            return Int8(max(-128, min(127, Int32(shifted.rounded(.toNearestOrAwayFromZero)))))
        }
        return (quantized, scale, offset)
    }
}
