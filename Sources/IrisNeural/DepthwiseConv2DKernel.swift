/// DEPTHWISE_CONV_2D: each channel filtered by its own window (weights [1][kh][kw][channels × multiplier]),
/// eight channels at a time.
struct DepthwiseConv2DKernel: Sendable {
    let input: FeatureMap
    let output: FeatureMap
    let window: ConvolutionWindow
    let multiplier: Int
    let activation: TFLiteSchema.Activation
    let weights: [Float]
    let bias: [Float]

    init(input: FeatureMap, weights: [Float], weightShape: [Int], bias: [Float]?, options: TFLiteSchema.Options)
        throws(TFLiteError)
    {
        guard weightShape.count == 4, weightShape[0] == 1, weightShape[3] == input.channels * options.depthMultiplier,
            weightShape.reduce(1, *) == weights.count
        else {
            throw .malformed(
                "DEPTHWISE_CONV_2D weights \(weightShape) do not fit input \(input) × \(options.depthMultiplier)")
        }
        window = ConvolutionWindow(input: input, kernelH: weightShape[1], kernelW: weightShape[2], options: options)
        self.input = input
        output = FeatureMap(height: window.outputHeight, width: window.outputWidth, channels: weightShape[3])
        multiplier = options.depthMultiplier
        activation = options.activation
        self.weights = weights
        self.bias = bias ?? [Float](repeating: 0, count: weightShape[3])
    }

    func run(_ source: UnsafeBufferPointer<Float>, into target: UnsafeMutableBufferPointer<Float>) {
        let outC = output.channels, inC = input.channels
        weights.withUnsafeBufferPointer { w in
            bias.withUnsafeBufferPointer { b in
                let vectorised = multiplier == 1 && outC % 8 == 0
                for oy in 0..<output.height {
                    for ox in 0..<output.width {
                        let y0 = oy * window.strideH - window.padTop, x0 = ox * window.strideW - window.padLeft,
                            out = (oy * output.width + ox) * outC
                        let inside =
                            y0 >= 0 && x0 >= 0 && y0 + (window.kernelH - 1) * window.dilationH < input.height
                            && x0 + (window.kernelW - 1) * window.dilationW < input.width
                        if vectorised && inside && window.kernelH == 3 && window.kernelW == 3 && window.dilationH == 1
                            && window.dilationW == 1
                        {
                            // The common case: a 3×3 window wholly inside the picture, unrolled, no edge tests.
                            let row = input.width * inC
                            for c in stride(from: 0, to: outC, by: 8) {
                                let s = (y0 * input.width + x0) * inC + c
                                var acc = Self.load(b, c)
                                acc += Self.load(source, s) * Self.load(w, c)
                                acc += Self.load(source, s + inC) * Self.load(w, outC + c)
                                acc += Self.load(source, s + 2 * inC) * Self.load(w, 2 * outC + c)
                                acc += Self.load(source, s + row) * Self.load(w, 3 * outC + c)
                                acc += Self.load(source, s + row + inC) * Self.load(w, 4 * outC + c)
                                acc += Self.load(source, s + row + 2 * inC) * Self.load(w, 5 * outC + c)
                                acc += Self.load(source, s + 2 * row) * Self.load(w, 6 * outC + c)
                                acc += Self.load(source, s + 2 * row + inC) * Self.load(w, 7 * outC + c)
                                acc += Self.load(source, s + 2 * row + 2 * inC) * Self.load(w, 8 * outC + c)
                                UnsafeMutableRawPointer(target.baseAddress! + out + c).storeBytes(
                                    of: activation.apply(acc), as: SIMD8<Float>.self)
                            }
                        } else if vectorised {
                            for c in stride(from: 0, to: outC, by: 8) {
                                var acc = Self.load(b, c)
                                window.forEachTapInside(y0: y0, x0: x0, height: input.height, width: input.width) {
                                    tap, pixel in
                                    acc += Self.load(source, pixel * inC + c) * Self.load(w, tap * outC + c)
                                }
                                UnsafeMutableRawPointer(target.baseAddress! + out + c).storeBytes(
                                    of: activation.apply(acc), as: SIMD8<Float>.self)
                            }
                        } else {
                            for oc in 0..<outC {
                                var acc = b[oc]
                                let ic = oc / multiplier
                                window.forEachTapInside(y0: y0, x0: x0, height: input.height, width: input.width) {
                                    tap, pixel in
                                    acc += source[pixel * inC + ic] * w[tap * outC + oc]
                                }
                                target[out + oc] = activation.apply(acc)
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func load(_ p: UnsafeBufferPointer<Float>, _ at: Int) -> SIMD8<Float> {
        UnsafeRawPointer(p.baseAddress! + at).loadUnaligned(as: SIMD8<Float>.self)
    }
}
