/// The size of an NHWC activation with batch 1: what every kernel reads and writes.
struct FeatureMap: Sendable, Equatable, CustomStringConvertible {
    let height: Int
    let width: Int
    let channels: Int

    var count: Int { height * width * channels }
    var description: String { "\(height)×\(width)×\(channels)" }

    /// A tensor's shape read as NHWC with batch 1 (lower ranks are padded in front with 1s).
    init?(shape: [Int]) {
        guard shape.count <= 4, shape.count >= 1 else { return nil }
        let full = Array(repeating: 1, count: 4 - shape.count) + shape
        guard full[0] == 1 else { return nil }
        height = full[1]
        width = full[2]
        channels = full[3]
    }

    init(height: Int, width: Int, channels: Int) {
        self.height = height
        self.width = width
        self.channels = channels
    }
}

/// TensorFlow Lite's output size and leading padding for one axis of a window operator.
struct WindowAxis {
    let output: Int
    let padBefore: Int

    init(input: Int, filter: Int, stride: Int, dilation: Int, padding: TFLiteSchema.Padding) {
        let span = (filter - 1) * dilation + 1
        switch padding {
        case .same:
            output = (input + stride - 1) / stride
            padBefore = max((output - 1) * stride + span - input, 0) / 2
        case .valid:
            output = max((input - span + stride) / stride, 0)
            padBefore = 0
        }
    }
}

extension TFLiteSchema.Activation {
    @inline(__always) func apply(_ x: Float) -> Float {
        switch self {
        case .none: x
        case .relu: max(x, 0)
        case .relu6: min(max(x, 0), 6)
        case .reluMinus1To1: min(max(x, -1), 1)
        }
    }

    @inline(__always) func apply(_ x: SIMD8<Float>) -> SIMD8<Float> {
        switch self {
        case .none: x
        // Written with comparisons and selects: the generic pointwiseMin/Max are calls, not instructions.
        case .relu: x.replacing(with: 0, where: x .< 0)
        case .relu6: x.replacing(with: 0, where: x .< 0).replacing(with: 6, where: x .> 6)
        case .reluMinus1To1: x.replacing(with: -1, where: x .< -1).replacing(with: 1, where: x .> 1)
        }
    }
}
