@testable import IrisNeural
import Testing

/// Each operator on inputs small enough to work out by hand (the arithmetic is in the comments).
@Suite struct KernelTests {
    func run(_ kernel: Conv2DKernel, _ input: [Float]) -> [Float] {
        var out = [Float](repeating: .nan, count: kernel.output.count)
        input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { kernel.run(i, into: $0) } }
        return out
    }

    /// 4×4 input v(y, x) = 4y + x + 1. SAME, stride 2: 2×2 outputs; padding total (2−1)·2 + 3 − 4 = 1, all of
    /// it after, so windows start at rows and columns 0 and 2.
    @Test func convolutionSamePaddingStrideTwo() throws {
        let input = (0..<16).map { Float($0 + 1) }
        var options = TFLiteSchema.Options()
        options.strideW = 2
        options.strideH = 2
        options.activation = .relu
        // Channel 0 sums its window plus 0.5; channel 1 negates the sum and RELU clips it to 0.
        let weights = [Float](repeating: 1, count: 9) + [Float](repeating: -1, count: 9)
        let kernel = try Conv2DKernel(
            input: FeatureMap(height: 4, width: 4, channels: 1), weights: weights,
            weightShape: [2, 3, 3, 1], bias: [0.5, 0], options: options)
        #expect(kernel.output == FeatureMap(height: 2, width: 2, channels: 2))
        // (1+2+3)+(5+6+7)+(9+10+11) = 54; (3+4)+(7+8)+(11+12) = 45; (9+10+11)+(13+14+15) = 72; (11+12)+(15+16) = 54.
        #expect(run(kernel, input) == [54.5, 0, 45.5, 0, 72.5, 0, 54.5, 0])
    }

    /// 1×1 convolution over five pixels (a block of four and one left over), two channels in, three out:
    /// out = bias + W·in with W = [[1, 2], [0, −1], [3, 0.5]], bias [0, 1, −1].
    @Test func pointwiseConvolutionBlocksAndRemainder() throws {
        let input: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        let kernel = try Conv2DKernel(
            input: FeatureMap(height: 1, width: 5, channels: 2), weights: [1, 2, 0, -1, 3, 0.5],
            weightShape: [3, 1, 1, 2], bias: [0, 1, -1], options: TFLiteSchema.Options())
        // Pixel (a, b): [a + 2b, 1 − b, −1 + 3a + b/2]: (1,2) → 5, −1, 3; (9,10) → 29, −9, 31.
        let out = run(kernel, input)
        #expect(Array(out[0..<3]) == [5, -1, 3])
        #expect(Array(out[12..<15]) == [29, -9, 31])
    }

    @Test func depthwiseSamePaddingCountsOnlyWhatLiesInside() throws {
        // 3×3 picture, 8 channels (the SIMD path), channel c worth c + 1 everywhere, an all-ones 3×3 window:
        // the centre sees 9 values, an edge 6, a corner 4.
        let input: [Float] = (0..<72).map { Float($0 % 8 + 1) }
        let kernel = try DepthwiseConv2DKernel(
            input: FeatureMap(height: 3, width: 3, channels: 8), weights: [Float](repeating: 1, count: 72),
            weightShape: [1, 3, 3, 8], bias: nil, options: TFLiteSchema.Options())
        var out = [Float](repeating: .nan, count: 72)
        input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { kernel.run(i, into: $0) } }
        let channel: [Float] = [1, 2, 3, 4, 5, 6, 7, 8]
        let corner = channel.map { $0 * 4 }, edge = channel.map { $0 * 6 }, centre = channel.map { $0 * 9 }
        #expect(Array(out[0..<8]) == corner)
        #expect(Array(out[8..<16]) == edge)
        #expect(Array(out[32..<40]) == centre)
        // One channel takes the scalar path: the same rule.
        let one = try DepthwiseConv2DKernel(
            input: FeatureMap(height: 3, width: 3, channels: 1), weights: [Float](repeating: 1, count: 9),
            weightShape: [1, 3, 3, 1], bias: [1], options: TFLiteSchema.Options())
        var single = [Float](repeating: .nan, count: 9)
        [Float](repeating: 2, count: 9).withUnsafeBufferPointer { i in
            single.withUnsafeMutableBufferPointer { one.run(i, into: $0) }
        }
        #expect(single == [9, 13, 9, 13, 19, 13, 9, 13, 9])  // 1 + 2·(4, 6, 9)
    }

    @Test func preluAddPoolAndPad() {
        var out = [Float](repeating: .nan, count: 4)
        // Slopes per channel (0.5, 0.25): −2 → −1, 3 stays, 4 stays, −1 → −0.25.
        [Float](arrayLiteral: -2, 3, 4, -1).withUnsafeBufferPointer { x in
            [Float](arrayLiteral: 0.5, 0.25).withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { PointKernels.prelu(x, slopes: s, into: $0) }
            }
        }
        #expect(out == [-1, 3, 4, -0.25])
        // Add with RELU6: 1 + 2 = 3, −5 + 1 → 0, 4 + 4 → 6, 0.5 + 0 = 0.5.
        [Float](arrayLiteral: 1, -5, 4, 0.5).withUnsafeBufferPointer { a in
            [Float](arrayLiteral: 2, 1, 4, 0).withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { PointKernels.add(a, b, into: $0, activation: .relu6) }
            }
        }
        #expect(out == [3, 0, 6, 0.5])
        // 2×2 max pool, stride 2, over 4×4 v(y, x) = 4y + x + 1: each window's bottom-right value.
        var options = TFLiteSchema.Options()
        options.strideW = 2
        options.strideH = 2
        options.filterW = 2
        options.filterH = 2
        (0..<16).map { Float($0 + 1) }.withUnsafeBufferPointer { x in
            out.withUnsafeMutableBufferPointer {
                PointKernels.maxPool(
                    x, input: FeatureMap(height: 4, width: 4, channels: 1),
                    output: FeatureMap(height: 2, width: 2, channels: 1),
                    options: options, padTop: 0, padLeft: 0, into: $0)
            }
        }
        #expect(out == [6, 8, 14, 16])
        // Channel padding: one pixel (1, 2) padded with two zero channels after.
        [Float](arrayLiteral: 1, 2).withUnsafeBufferPointer { x in
            out.withUnsafeMutableBufferPointer {
                PointKernels.pad(
                    x, input: FeatureMap(height: 1, width: 1, channels: 2), before: [0, 0, 0, 0],
                    output: FeatureMap(height: 1, width: 1, channels: 4), into: $0)
            }
        }
        #expect(out == [1, 2, 0, 0])
    }

    @Test func halfFloatsWiden() {
        // binary16: sign 1, exponent 5, fraction 10 bits, bias 15.
        #expect(Float(halfBits: 0x3C00) == 1)  // 2^0
        #expect(Float(halfBits: 0xC000) == -2)  // −2^1
        #expect(Float(halfBits: 0x7BFF) == 65504)  // (2 − 2^−10) · 2^15
        #expect(Float(halfBits: 0x0001) == 0x1p-24)  // the smallest subnormal
        #expect(Float(halfBits: 0x7C00) == .infinity)
        #expect(Float(halfBits: 0x7E00).isNaN)
    }

    @Test func sameAndValidWindowSizes() {
        // SAME: ceil(in / stride); VALID: floor((in − span) / stride) + 1.
        let same = WindowAxis(input: 96, filter: 3, stride: 2, dilation: 1, padding: .same)
        #expect(same.output == 48 && same.padBefore == 0)  // total (48−1)·2 + 3 − 96 = 1, before ⌊1/2⌋ = 0
        let valid = WindowAxis(input: 3, filter: 3, stride: 1, dilation: 1, padding: .valid)
        #expect(valid.output == 1 && valid.padBefore == 0)
        #expect(WindowAxis(input: 5, filter: 3, stride: 1, dilation: 1, padding: .same).padBefore == 1)
    }

    /// Int8-weight convolutions against TensorFlow Lite's reference formula written out here (quantize the
    /// input, Σ w · (x − zero point) in integers over the taps inside the picture, × channel scale × input
    /// scale + bias): a 1×1 conv and a 3×3 depthwise small enough for the float sums, a 3×3 conv over 64
    /// channels too large for them (Int32 sums), each with SAME padding and stride 1 or 2.
    @Test(arguments: [(1, 16, false, 1), (3, 16, true, 2), (3, 64, false, 1), (3, 64, false, 2)])
    func int8WeightsFollowTensorFlowLitesFormula(_ k: Int, _ channels: Int, _ depthwise: Bool, _ stride: Int) throws {
        var generator = 12345 as UInt64
        func next() -> Int {
            generator = generator &* 6364136223846793005 &+ 1442695040888963407
            return Int(generator >> 33)
        }
        let map = FeatureMap(height: 7, width: 6, channels: channels)
        let input = (0..<map.count).map { _ in Float(next() % 2001 - 700) / 300 }
        let outC = depthwise ? channels : 5
        let shape = depthwise ? [1, k, k, channels] : [outC, k, k, channels]
        let weights = (0..<shape.reduce(1, *)).map { _ in Int8(next() % 255 - 127) }
        let scales = (0..<outC).map { Float($0 + 1) * 0.003 }
        let bias = (0..<outC).map { Float($0) * 0.25 - 0.5 }
        var options = TFLiteSchema.Options()
        options.strideW = stride
        options.strideH = stride
        let kernel = try HybridConvKernel(
            input: map, weights: weights,
            quantization: .init(
                scales: scales, zeroPoints: Array(repeating: 0, count: outC),
                axis: depthwise ? 3 : 0), weightShape: shape, bias: bias, depthwise: depthwise, options: options)
        #expect((kernel.floatSums != nil) == (k * k * (depthwise ? 1 : channels) * 127 * 255 < 1 << 24))
        var out = [Float](repeating: .nan, count: kernel.output.count)
        input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { kernel.run(i, into: $0) } }
        let (q, scale, offset) = input.withUnsafeBufferPointer { HybridConvKernel.quantize($0) }
        let window = ConvolutionWindow(input: map, kernelH: k, kernelW: k, options: options)
        var worst: Float = 0
        for oy in 0..<window.outputHeight {
            for ox in 0..<window.outputWidth {
                for oc in 0..<outC {
                    var acc = 0
                    for ky in 0..<k {
                        for kx in 0..<k {
                            let y = oy * stride - window.padTop + ky, x = ox * stride - window.padLeft + kx
                            guard y >= 0, y < map.height, x >= 0, x < map.width else { continue }
                            for ic in depthwise ? oc..<oc + 1 : 0..<channels {
                                let w =
                                    depthwise
                                    ? weights[(ky * k + kx) * channels + oc]
                                    : weights[((oc * k + ky) * k + kx) * channels + ic]
                                acc += Int(w) * (Int(q[(y * map.width + x) * channels + ic]) - Int(offset))
                            }
                        }
                    }
                    let expected = Float(acc) * scales[oc] * scale + bias[oc]
                    worst = max(
                        worst, abs(out[(oy * window.outputWidth + ox) * outC + oc] - expected) / max(1, abs(expected)))
                }
            }
        }
        #expect(worst < 1e-6, "largest relative difference \(worst)")
    }
}
