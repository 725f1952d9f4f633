/// CONV_2D: weights [out][kh][kw][in] repacked once as rows of output channels — [(ky·kw + kx)·in + ic][out,
/// padded to a multiple of 8] — so the inner loop multiplies one input value into eight outputs at a time,
/// four output pixels sharing each weight load.
struct Conv2DKernel: Sendable {
    let input: FeatureMap
    let output: FeatureMap
    let window: ConvolutionWindow
    let activation: TFLiteSchema.Activation
    /// Output channels rounded up to 8.
    let lanes: Int
    let packed: [Float]
    let bias: [Float]

    init(input: FeatureMap, weights: [Float], weightShape: [Int], bias: [Float]?, options: TFLiteSchema.Options)
        throws(TFLiteError)
    {
        guard weightShape.count == 4, weightShape[3] == input.channels, weightShape.reduce(1, *) == weights.count else {
            throw .malformed("CONV_2D weights \(weightShape) do not fit input \(input)")
        }
        let outC = weightShape[0], kh = weightShape[1], kw = weightShape[2], inC = weightShape[3]
        window = ConvolutionWindow(input: input, kernelH: kh, kernelW: kw, options: options)
        self.input = input
        output = FeatureMap(height: window.outputHeight, width: window.outputWidth, channels: outC)
        activation = options.activation
        lanes = (outC + 7) / 8 * 8
        var packed = [Float](repeating: 0, count: kh * kw * inC * lanes)
        for oc in 0..<outC {
            for ky in 0..<kh {
                for kx in 0..<kw {
                    for ic in 0..<inC {
                        packed[((ky * kw + kx) * inC + ic) * lanes + oc] =
                            weights[((oc * kh + ky) * kw + kx) * inC + ic]
                    }
                }
            }
        }
        self.packed = packed
        var padded = [Float](repeating: 0, count: lanes)
        if let bias { for oc in 0..<min(outC, bias.count) { padded[oc] = bias[oc] } }
        self.bias = padded
    }

    func run(_ source: UnsafeBufferPointer<Float>, into target: UnsafeMutableBufferPointer<Float>) {
        let outC = output.channels, groups = lanes / 8
        let pointwise =
            window.kernelH == 1 && window.kernelW == 1 && window.strideH == 1 && window.strideW == 1
            && window.padTop == 0 && window.padLeft == 0
        packed.withUnsafeBufferPointer { w in
            bias.withUnsafeBufferPointer { b in
                // Scratch for one block of up to four pixels × all output lanes.
                withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: 4 * groups) { acc in
                    if pointwise {
                        let pixels = output.height * output.width
                        var p = 0
                        while p + 4 <= pixels {
                            pointwiseBlockOfFour(source, from: p, w: w, b: b, into: target)
                            p += 4
                        }
                        if p < pixels {
                            accumulatePointwise(source, from: p, block: pixels - p, w: w, b: b, acc: acc)
                            store(acc, block: pixels - p, firstPixel: p, into: target, outC: outC)
                        }
                    } else {
                        for oy in 0..<output.height {
                            var ox = 0
                            while ox < output.width {
                                let block = min(4, output.width - ox)
                                accumulateWindow(source, oy: oy, ox: ox, block: block, w: w, b: b, acc: acc)
                                store(acc, block: block, firstPixel: oy * output.width + ox, into: target, outC: outC)
                                ox += block
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private func load(_ w: UnsafeBufferPointer<Float>, _ at: Int) -> SIMD8<Float> {
        UnsafeRawPointer(w.baseAddress! + at).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// Four pixels of a 1×1 convolution, eight output channels at a time with the four accumulators held in
    /// registers while every input channel is multiplied in.
    private func pointwiseBlockOfFour(
        _ source: UnsafeBufferPointer<Float>, from p: Int, w: UnsafeBufferPointer<Float>,
        b: UnsafeBufferPointer<Float>, into target: UnsafeMutableBufferPointer<Float>
    ) {
        let inC = input.channels, outC = output.channels
        let s0 = source.baseAddress! + p * inC, s1 = s0 + inC, s2 = s1 + inC, s3 = s2 + inC
        for g in 0..<(lanes / 8) {
            let start = load(b, g * 8)
            var acc0 = start, acc1 = start, acc2 = start, acc3 = start
            var row = g * 8
            for ic in 0..<inC {
                let k = load(w, row)
                acc0 += s0[ic] * k
                acc1 += s1[ic] * k
                acc2 += s2[ic] * k
                acc3 += s3[ic] * k
                row += lanes
            }
            let count = min(8, outC - g * 8)
            for (i, acc) in [acc0, acc1, acc2, acc3].enumerated() {
                let v = activation.apply(acc), base = (p + i) * outC + g * 8
                if count == 8 {
                    UnsafeMutableRawPointer(target.baseAddress! + base).storeBytes(of: v, as: SIMD8<Float>.self)
                } else {
                    for l in 0..<count { target[base + l] = v[l] }
                }
            }
        }
    }

    private func startAccumulators(
        _ acc: UnsafeMutableBufferPointer<SIMD8<Float>>, block: Int, b: UnsafeBufferPointer<Float>
    ) {
        let groups = lanes / 8
        for g in 0..<groups {
            let start = load(b, g * 8)
            for i in 0..<block { acc[i * groups + g] = start }
        }
    }

    private func accumulatePointwise(
        _ source: UnsafeBufferPointer<Float>, from p: Int, block: Int, w: UnsafeBufferPointer<Float>,
        b: UnsafeBufferPointer<Float>, acc: UnsafeMutableBufferPointer<SIMD8<Float>>
    ) {
        let inC = input.channels, groups = lanes / 8
        startAccumulators(acc, block: block, b: b)
        if block == 4 {
            let s0 = p * inC, s1 = s0 + inC, s2 = s1 + inC, s3 = s2 + inC
            for ic in 0..<inC {
                let a0 = SIMD8(repeating: source[s0 + ic]), a1 = SIMD8(repeating: source[s1 + ic])
                let a2 = SIMD8(repeating: source[s2 + ic]), a3 = SIMD8(repeating: source[s3 + ic])
                let row = ic * lanes
                for g in 0..<groups {
                    let k = load(w, row + g * 8)
                    acc[g] += a0 * k
                    acc[groups + g] += a1 * k
                    acc[2 * groups + g] += a2 * k
                    acc[3 * groups + g] += a3 * k
                }
            }
        } else {
            for i in 0..<block {
                let s = (p + i) * inC
                for ic in 0..<inC {
                    let a = SIMD8(repeating: source[s + ic]), row = ic * lanes
                    for g in 0..<groups { acc[i * groups + g] += a * load(w, row + g * 8) }
                }
            }
        }
    }

    private func accumulateWindow(
        _ source: UnsafeBufferPointer<Float>, oy: Int, ox: Int, block: Int, w: UnsafeBufferPointer<Float>,
        b: UnsafeBufferPointer<Float>, acc: UnsafeMutableBufferPointer<SIMD8<Float>>
    ) {
        let inC = input.channels, groups = lanes / 8
        startAccumulators(acc, block: block, b: b)
        for i in 0..<block {
            let x0 = (ox + i) * window.strideW - window.padLeft, y0 = oy * window.strideH - window.padTop
            window.forEachTapInside(y0: y0, x0: x0, height: input.height, width: input.width) { tap, pixel in
                let s = pixel * inC, rowBase = tap * inC
                for ic in 0..<inC {
                    let a = SIMD8(repeating: source[s + ic]), row = (rowBase + ic) * lanes
                    for g in 0..<groups { acc[i * groups + g] += a * load(w, row + g * 8) }
                }
            }
        }
    }

    private func store(
        _ acc: UnsafeMutableBufferPointer<SIMD8<Float>>, block: Int, firstPixel: Int,
        into target: UnsafeMutableBufferPointer<Float>, outC: Int
    ) {
        let groups = lanes / 8
        for i in 0..<block {
            let base = (firstPixel + i) * outC
            for g in 0..<groups {
                let v = activation.apply(acc[i * groups + g])
                let count = min(8, outC - g * 8)
                if count == 8 {
                    UnsafeMutableRawPointer(target.baseAddress! + base + g * 8).storeBytes(of: v, as: SIMD8<Float>.self)
                } else {
                    for l in 0..<count { target[base + g * 8 + l] = v[l] }
                }
            }
        }
    }
}
