/// A TensorFlow Lite model read into memory and ready to run on the CPU, in plain Swift: the flatbuffer is
/// parsed once, float16 weights are widened once and repacked for the kernels. It runs the
/// operators Iris's bundled models use (CONV_2D and DEPTHWISE_CONV_2D, with float or int8 weights, PRELU,
/// ADD, MUL, MAX_POOL_2D, PAD, RESHAPE, STRIDED_SLICE, MEAN, SOFTMAX, DEQUANTIZE, and MediaPipe's custom
/// Landmarks2TransformMatrix, TransformTensorBilinear and TransformLandmarks) on float32 activations, and
/// names any other operator when it is read. Immutable: `run` may be called
/// from several threads at once.
///
///     let model = try TFLiteModel(bytes: FaceMeshModel.tfliteBytes)
///     let outputs = try model.run([crop])   // one float array per model output
public struct TFLiteModel: Sendable {
    public let inputs: [TFLiteTensorInfo]
    public let outputs: [TFLiteTensorInfo]
    private let plan: ExecutionPlanBox
    private let inputIndices: [Int]
    private let outputIndices: [Int]

    public init(bytes: [UInt8]) throws(TFLiteError) {
        let schema = try TFLiteSchema(bytes: bytes)
        guard !schema.inputs.isEmpty, !schema.outputs.isEmpty, !schema.inputs.contains(-1), !schema.outputs.contains(-1)
        else {
            throw .malformed("the subgraph names no inputs or outputs")
        }
        inputs = schema.inputs.map { TFLiteTensorInfo(name: schema.tensors[$0].name, shape: schema.tensors[$0].shape) }
        outputs = schema.outputs.map {
            TFLiteTensorInfo(name: schema.tensors[$0].name, shape: schema.tensors[$0].shape)
        }
        inputIndices = schema.inputs
        outputIndices = schema.outputs
        plan = ExecutionPlanBox(try ExecutionPlan(schema))
    }

    /// One float32 array per model input (NHWC, in the model's input order), one per output back.
    public func run(_ values: [[Float]]) throws(TFLiteError) -> [[Float]] {
        guard values.count == inputs.count else {
            throw .inputMismatch("\(values.count) inputs given, the model takes \(inputs.count)")
        }
        var tensors: [Int: [Float]] = [:]
        for (i, info) in inputs.enumerated() {
            guard values[i].count == info.elementCount else {
                throw .inputMismatch(
                    "\(info.name) takes \(info.elementCount) values (\(info.shape)), got \(values[i].count)")
            }
            tensors[inputIndices[i]] = values[i]
        }
        let plan = plan.plan
        for (i, step) in plan.steps.enumerated() {
            let size = plan.sizes[step.writes] ?? 0
            let result = [Float](unsafeUninitializedCapacity: size) { buffer, count in
                Self.execute(step, tensors: tensors, into: buffer)
                count = size
            }
            tensors[step.writes] = result
            for released in plan.releases[i] { tensors[released] = nil }
        }
        return outputIndices.map { tensors[$0] ?? [] }
    }

    private static func execute(
        _ step: ExecutionStep, tensors: [Int: [Float]], into out: UnsafeMutableBufferPointer<Float>
    ) {
        func with(_ index: Int, _ body: (UnsafeBufferPointer<Float>) -> Void) {
            tensors[index]!.withUnsafeBufferPointer(body)
        }
        switch step {
        case let .conv(kernel, input, _): with(input) { kernel.run($0, into: out) }
        case let .hybridConv(kernel, input, _): with(input) { kernel.run($0, into: out) }
        case let .spatialMean(input, inputMap, _):
            with(input) { PointKernels.spatialMean($0, input: inputMap, into: out) }
        case let .softmax(beta, length, input, _):
            with(input) { PointKernels.softmax($0, length: length, beta: beta, into: out) }
        case let .depthwise(kernel, input, _): with(input) { kernel.run($0, into: out) }
        case let .add(activation, first, second, _):
            with(first) { a in with(second) { b in PointKernels.add(a, b, into: out, activation: activation) } }
        case let .prelu(slopes, input, _):
            with(input) { x in slopes.withUnsafeBufferPointer { PointKernels.prelu(x, slopes: $0, into: out) } }
        case let .maxPool(input, inputMap, outputMap, options, padTop, padLeft, _):
            with(input) {
                PointKernels.maxPool(
                    $0, input: inputMap, output: outputMap, options: options, padTop: padTop, padLeft: padLeft,
                    into: out)
            }
        case let .pad(input, inputMap, before, outputMap, _):
            with(input) { PointKernels.pad($0, input: inputMap, before: before, output: outputMap, into: out) }
        case let .copy(input, _):
            with(input) { for i in 0..<out.count { out[i] = $0[i] } }
        case let .multiply(activation, input, factors, _):
            with(input) { x in
                factors.withUnsafeBufferPointer { PointKernels.multiply(x, by: $0, into: out, activation: activation) }
            }
        case let .slice(input, inputShape, begin, outputShape, _):
            with(input) { PointKernels.slice($0, input: inputShape, begin: begin, output: outputShape, into: out) }
        case let .cropMatrix(kernel, landmarks, _):
            with(landmarks) { kernel.run($0, into: out) }
        case let .transformBilinear(input, inputMap, matrix, outputMap, _):
            with(input) { x in
                with(matrix) {
                    LandmarkCropKernels.transformBilinear(x, input: inputMap, matrix: $0, output: outputMap, into: out)
                }
            }
        case let .transformLandmarks(input, dimensions, matrix, _):
            with(input) { x in
                with(matrix) {
                    LandmarkCropKernels.transformLandmarks(x, dimensions: dimensions, matrix: $0, into: out)
                }
            }
        }
    }
}

/// The plan is immutable after reading; a final class makes `TFLiteModel` cheap to copy between threads.
private final class ExecutionPlanBox: Sendable {
    let plan: ExecutionPlan
    init(_ plan: ExecutionPlan) { self.plan = plan }
}
