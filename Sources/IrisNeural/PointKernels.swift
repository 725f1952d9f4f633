import Foundation

/// The operators that touch each value on its own, within a small window or along one axis: ADD, MUL,
/// PRELU, MAX_POOL_2D, PAD, STRIDED_SLICE, MEAN (over height and width), SOFTMAX.
enum PointKernels {
    /// ADD of two same-sized tensors (TensorFlow Lite also broadcasts; Iris's models never need it).
    static func add(
        _ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>,
        activation: TFLiteSchema.Activation
    ) {
        let vectors = out.count / 8
        for v in 0..<vectors {
            let sum = load(a, v * 8) + load(b, v * 8)
            UnsafeMutableRawPointer(out.baseAddress! + v * 8).storeBytes(
                of: activation.apply(sum), as: SIMD8<Float>.self)
        }
        for i in vectors * 8..<out.count { out[i] = activation.apply(a[i] + b[i]) }
    }

    @inline(__always)
    static func load(_ p: UnsafeBufferPointer<Float>, _ at: Int) -> SIMD8<Float> {
        UnsafeRawPointer(p.baseAddress! + at).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// PRELU with one slope per channel (the last axis): x where x ≥ 0, slope × x below; eight channels at
    /// a time.
    static func prelu(
        _ x: UnsafeBufferPointer<Float>, slopes: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>
    ) {
        let channels = slopes.count
        if channels % 8 == 0 {
            var i = 0
            while i < x.count {
                for c in stride(from: 0, to: channels, by: 8) {
                    let v = load(x, i + c)
                    let y = v.replacing(with: v * load(slopes, c), where: v .< 0)
                    UnsafeMutableRawPointer(out.baseAddress! + i + c).storeBytes(of: y, as: SIMD8<Float>.self)
                }
                i += channels
            }
            return
        }
        var i = 0
        while i < x.count {
            for c in 0..<channels {
                let v = x[i + c]
                out[i + c] = v >= 0 ? v : v * slopes[c]
            }
            i += channels
        }
    }

    /// MAX_POOL_2D; windows hanging over the edge take the maximum of what lies inside.
    static func maxPool(
        _ source: UnsafeBufferPointer<Float>, input: FeatureMap, output: FeatureMap, options: TFLiteSchema.Options,
        padTop: Int, padLeft: Int, into out: UnsafeMutableBufferPointer<Float>
    ) {
        let channels = input.channels
        for oy in 0..<output.height {
            for ox in 0..<output.width {
                let y0 = oy * options.strideH - padTop, x0 = ox * options.strideW - padLeft
                let base = (oy * output.width + ox) * channels
                for c in 0..<channels { out[base + c] = -.greatestFiniteMagnitude }
                for y in max(y0, 0)..<min(y0 + options.filterH, input.height) {
                    for x in max(x0, 0)..<min(x0 + options.filterW, input.width) {
                        let s = (y * input.width + x) * channels
                        for c in 0..<channels { out[base + c] = max(out[base + c], source[s + c]) }
                    }
                }
                for c in 0..<channels { out[base + c] = options.activation.apply(out[base + c]) }
            }
        }
    }

    /// PAD with zeros: `before` and `after` count per NHWC axis (batch padding must be 0).
    static func pad(
        _ source: UnsafeBufferPointer<Float>, input: FeatureMap, before: [Int], output: FeatureMap,
        into out: UnsafeMutableBufferPointer<Float>
    ) {
        for i in 0..<out.count { out[i] = 0 }
        for y in 0..<input.height {
            for x in 0..<input.width {
                let s = (y * input.width + x) * input.channels
                let t = ((y + before[1]) * output.width + x + before[2]) * output.channels + before[3]
                for c in 0..<input.channels { out[t + c] = source[s + c] }
            }
        }
    }

    /// MUL by a constant: one factor for every value, or one per value.
    static func multiply(
        _ x: UnsafeBufferPointer<Float>, by factors: UnsafeBufferPointer<Float>,
        into out: UnsafeMutableBufferPointer<Float>,
        activation: TFLiteSchema.Activation
    ) {
        if factors.count == 1 {
            for i in 0..<out.count { out[i] = activation.apply(x[i] * factors[0]) }
        } else {
            for i in 0..<out.count { out[i] = activation.apply(x[i] * factors[i]) }
        }
    }

    /// STRIDED_SLICE with unit strides: the box from `begin` of `output`'s size, both over four axes.
    static func slice(
        _ source: UnsafeBufferPointer<Float>, input: [Int], begin: [Int], output: [Int],
        into out: UnsafeMutableBufferPointer<Float>
    ) {
        var at = 0
        for a in 0..<output[0] {
            for b in 0..<output[1] {
                for c in 0..<output[2] {
                    let row =
                        (((a + begin[0]) * input[1] + b + begin[1]) * input[2] + c + begin[2]) * input[3] + begin[3]
                    for d in 0..<output[3] { out[at + d] = source[row + d] }
                    at += output[3]
                }
            }
        }
    }

    /// MEAN over height and width: one value per channel.
    static func spatialMean(
        _ source: UnsafeBufferPointer<Float>, input: FeatureMap, into out: UnsafeMutableBufferPointer<Float>
    ) {
        let channels = input.channels, count = input.height * input.width
        for c in 0..<channels {
            var sum: Float = 0
            for i in 0..<count { sum += source[i * channels + c] }
            out[c] = sum / Float(count)
        }
    }

    /// SOFTMAX along the last axis (rows of `length`), shifted by each row's maximum.
    static func softmax(
        _ source: UnsafeBufferPointer<Float>, length: Int, beta: Float, into out: UnsafeMutableBufferPointer<Float>
    ) {
        for start in stride(from: 0, to: out.count, by: length) {
            var largest = -Float.infinity
            for i in start..<start + length { largest = max(largest, source[i]) }
            var sum: Float = 0
            for i in start..<start + length {
                let e = exp((source[i] - largest) * beta)
                out[i] = e
                sum += e
            }
            for i in start..<start + length { out[i] /= sum }
        }
    }
}
