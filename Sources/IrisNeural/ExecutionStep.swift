/// One operator ready to run: its kernel, prepared when the model is read, and the tensors it reads and
/// writes (activations only; constants are folded into the kernels).
enum ExecutionStep: Sendable {
    case conv(Conv2DKernel, input: Int, output: Int)
    case hybridConv(HybridConvKernel, input: Int, output: Int)
    case spatialMean(input: Int, inputMap: FeatureMap, output: Int)
    case softmax(beta: Float, length: Int, input: Int, output: Int)
    case depthwise(DepthwiseConv2DKernel, input: Int, output: Int)
    case add(TFLiteSchema.Activation, first: Int, second: Int, output: Int)
    case prelu(slopes: [Float], input: Int, output: Int)
    case maxPool(
        input: Int, inputMap: FeatureMap, outputMap: FeatureMap, options: TFLiteSchema.Options, padTop: Int,
        padLeft: Int, output: Int)
    case pad(input: Int, inputMap: FeatureMap, before: [Int], outputMap: FeatureMap, output: Int)
    /// RESHAPE, or DEQUANTIZE of an activation (a float16 model input, which `run` takes as floats
    /// already): the values as they are, under the output's shape.
    case copy(input: Int, output: Int)
    case multiply(TFLiteSchema.Activation, input: Int, factors: [Float], output: Int)
    /// STRIDED_SLICE with unit strides, over the input's shape padded in front to four axes.
    case slice(input: Int, inputShape: [Int], begin: [Int], outputShape: [Int], output: Int)
    case cropMatrix(LandmarkCropKernels.CropMatrix, landmarks: Int, output: Int)
    case transformBilinear(input: Int, inputMap: FeatureMap, matrix: Int, outputMap: FeatureMap, output: Int)
    case transformLandmarks(input: Int, dimensions: Int, matrix: Int, output: Int)

    var reads: [Int] {
        switch self {
        case let .conv(_, input, _), let .depthwise(_, input, _), let .prelu(_, input, _), let .copy(input, _): [input]
        case let .add(_, first, second, _): [first, second]
        case let .maxPool(input, _, _, _, _, _, _), let .pad(input, _, _, _, _): [input]
        case let .multiply(_, input, _, _), let .slice(input, _, _, _, _), let .cropMatrix(_, input, _): [input]
        case let .hybridConv(_, input, _), let .spatialMean(input, _, _), let .softmax(_, _, input, _): [input]
        case let .transformBilinear(input, _, matrix, _, _), let .transformLandmarks(input, _, matrix, _):
            [input, matrix]
        }
    }

    var writes: Int {
        switch self {
        case let .conv(_, _, output), let .depthwise(_, _, output), let .prelu(_, _, output), let .copy(_, output):
            output
        case let .add(_, _, _, output): output
        case let .maxPool(_, _, _, _, _, _, output), let .pad(_, _, _, _, output): output
        case let .multiply(_, _, _, output), let .slice(_, _, _, _, output), let .cropMatrix(_, _, output): output
        case let .hybridConv(_, _, output), let .spatialMean(_, _, output), let .softmax(_, _, _, output): output
        case let .transformBilinear(_, _, _, _, output), let .transformLandmarks(_, _, _, output): output
        }
    }
}
