/// One operator ready to run: its kernel, prepared when the model is read, and the tensors it reads and
/// writes (activations only; constants are folded into the kernels).
enum ExecutionStep: Sendable {
    case conv(Conv2DKernel, input: Int, output: Int)
    case depthwise(DepthwiseConv2DKernel, input: Int, output: Int)
    case add(TFLiteSchema.Activation, first: Int, second: Int, output: Int)
    case prelu(slopes: [Float], input: Int, output: Int)
    case maxPool(input: Int, inputMap: FeatureMap, outputMap: FeatureMap, options: TFLiteSchema.Options, padTop: Int, padLeft: Int, output: Int)
    case pad(input: Int, inputMap: FeatureMap, before: [Int], outputMap: FeatureMap, output: Int)
    /// RESHAPE, or DEQUANTIZE of an activation (a float16 model input, which `run` takes as floats
    /// already): the values as they are, under the output's shape.
    case copy(input: Int, output: Int)

    var reads: [Int] {
        switch self {
        case let .conv(_, input, _), let .depthwise(_, input, _), let .prelu(_, input, _), let .copy(input, _): [input]
        case let .add(_, first, second, _): [first, second]
        case let .maxPool(input, _, _, _, _, _, _), let .pad(input, _, _, _, _): [input]
        }
    }

    var writes: Int {
        switch self {
        case let .conv(_, _, output), let .depthwise(_, _, output), let .prelu(_, _, output), let .copy(_, output): output
        case let .add(_, _, _, output): output
        case let .maxPool(_, _, _, _, _, _, output), let .pad(_, _, _, _, output): output
        }
    }
}
