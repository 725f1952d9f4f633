/// The operators of a model in order, each with its kernel prepared and its shapes checked against the
/// file's, and when each activation is last read (so a run frees it as soon as it is done).
struct ExecutionPlan: Sendable {
    let steps: [ExecutionStep]
    /// For each step, the activations nothing after it reads.
    let releases: [[Int]]
    /// Element counts of every activation, by tensor index.
    let sizes: [Int: Int]

    init(_ schema: TFLiteSchema) throws(TFLiteError) {
        var constants = try ConstantTensors(schema)
        var steps: [ExecutionStep] = []
        func map(_ tensor: Int, _ op: TFLiteSchema.Operator) throws(TFLiteError) -> FeatureMap {
            guard tensor >= 0, let map = FeatureMap(shape: schema.tensors[tensor].shape) else {
                throw .malformed("operator \(op.index): tensor \(tensor) is not a batch-1 NHWC tensor")
            }
            return map
        }
        func constant(_ op: TFLiteSchema.Operator, _ slot: Int) throws(TFLiteError) -> [Float] {
            guard slot < op.inputs.count, op.inputs[slot] >= 0, let values = constants.floats[op.inputs[slot]] else {
                throw .malformed(
                    "operator \(op.index) (\(TFLiteSchema.Opcode.name(of: op.opcode.rawValue))): input \(slot) must be a constant"
                )
            }
            return values
        }
        func expect(_ produced: FeatureMap, _ op: TFLiteSchema.Operator) throws(TFLiteError) {
            let declared = try map(op.outputs[0], op)
            guard declared == produced else {
                throw .malformed(
                    "operator \(op.index): output \(schema.tensors[op.outputs[0]].name) is \(declared), the operator makes \(produced)"
                )
            }
        }
        for op in schema.operators {
            guard !op.inputs.isEmpty, op.outputs.count == 1, op.inputs[0] >= 0 else {
                throw .malformed("operator \(op.index): expected inputs and one output")
            }
            let input = op.inputs[0], output = op.outputs[0]
            switch op.opcode {
            case .dequantize:
                guard schema.tensors[input].shape.reduce(1, *) == schema.tensors[output].shape.reduce(1, *) else {
                    throw .malformed(
                        "\(op.label): \(schema.tensors[input].shape) values cannot become \(schema.tensors[output].shape)"
                    )
                }
                if let half = constants.floats[input] {
                    constants.record(half, at: output)
                } else {
                    steps.append(.copy(input: input, output: output))
                }
            case .reshape:
                // The new shape is the output tensor's; the optional shape input says the same thing.
                let from = schema.tensors[input].shape.reduce(1, *), to = schema.tensors[output].shape.reduce(1, *)
                guard from == to else {
                    throw .malformed("operator \(op.index) (RESHAPE): \(from) values cannot become \(to)")
                }
                if let values = constants.floats[input] {
                    constants.record(values, at: output)
                } else {
                    steps.append(.copy(input: input, output: output))
                }
            case .conv2D, .depthwiseConv2D:
                let depthwise = op.opcode == .depthwiseConv2D
                let bias = op.inputs.count > 2 && op.inputs[2] >= 0 ? try constant(op, 2) : nil
                guard op.inputs.count > 1, op.inputs[1] >= 0 else { throw .malformed("\(op.label): no weights") }
                let weightShape = schema.tensors[op.inputs[1]].shape
                if let (values, quantization) = constants.quantized[op.inputs[1]] {
                    let kernel = try HybridConvKernel(
                        input: try map(input, op), weights: values, quantization: quantization,
                        weightShape: weightShape, bias: bias, depthwise: depthwise, options: op.options)
                    try expect(kernel.output, op)
                    steps.append(.hybridConv(kernel, input: input, output: output))
                } else if depthwise {
                    let kernel = try DepthwiseConv2DKernel(
                        input: try map(input, op), weights: try constant(op, 1),
                        weightShape: weightShape, bias: bias, options: op.options)
                    try expect(kernel.output, op)
                    steps.append(.depthwise(kernel, input: input, output: output))
                } else {
                    let kernel = try Conv2DKernel(
                        input: try map(input, op), weights: try constant(op, 1),
                        weightShape: weightShape, bias: bias, options: op.options)
                    try expect(kernel.output, op)
                    steps.append(.conv(kernel, input: input, output: output))
                }
            case .add:
                guard op.inputs.count == 2, op.inputs[1] >= 0, try map(input, op) == map(op.inputs[1], op) else {
                    throw .malformed("operator \(op.index) (ADD): only same-shaped inputs are supported")
                }
                try expect(try map(input, op), op)
                steps.append(.add(op.options.activation, first: input, second: op.inputs[1], output: output))
            case .prelu:
                let slopes = try constant(op, 1), channels = try map(input, op).channels
                guard slopes.count == channels else {
                    throw .malformed("operator \(op.index) (PRELU): \(slopes.count) slopes for \(channels) channels")
                }
                try expect(try map(input, op), op)
                steps.append(.prelu(slopes: slopes, input: input, output: output))
            case .maxPool2D:
                let inputMap = try map(input, op), o = op.options
                let rows = WindowAxis(
                    input: inputMap.height, filter: o.filterH, stride: o.strideH, dilation: 1, padding: o.padding)
                let cols = WindowAxis(
                    input: inputMap.width, filter: o.filterW, stride: o.strideW, dilation: 1, padding: o.padding)
                let outputMap = FeatureMap(height: rows.output, width: cols.output, channels: inputMap.channels)
                try expect(outputMap, op)
                steps.append(
                    .maxPool(
                        input: input, inputMap: inputMap, outputMap: outputMap, options: o,
                        padTop: rows.padBefore, padLeft: cols.padBefore, output: output))
            case .pad:
                guard op.inputs.count == 2, op.inputs[1] >= 0, let paddings = constants.integers[op.inputs[1]],
                    paddings.count == 8,
                    paddings.allSatisfy({ $0 >= 0 }), paddings[0] == 0, paddings[1] == 0
                else {
                    throw .malformed(
                        "operator \(op.index) (PAD): paddings must be a constant [4, 2] of non-negative sizes, none on the batch"
                    )
                }
                let inputMap = try map(input, op)
                let outputMap = FeatureMap(
                    height: inputMap.height + paddings[2] + paddings[3],
                    width: inputMap.width + paddings[4] + paddings[5],
                    channels: inputMap.channels + paddings[6] + paddings[7])
                try expect(outputMap, op)
                steps.append(
                    .pad(
                        input: input, inputMap: inputMap, before: [0, paddings[2], paddings[4], paddings[6]],
                        outputMap: outputMap, output: output))
            case .mul:
                let count = schema.tensors[input].shape.reduce(1, *)
                guard op.inputs.count == 2, op.inputs[1] >= 0, let factors = constants.floats[op.inputs[1]],
                    factors.count == 1 || factors.count == count, schema.tensors[output].shape.reduce(1, *) == count
                else {
                    throw .malformed(
                        "\(op.label): only an activation times a constant scalar or same-sized constant is supported")
                }
                steps.append(.multiply(op.options.activation, input: input, factors: factors, output: output))
            case .stridedSlice:
                steps.append(try Self.slice(op, schema, constants))
            case .mean:
                let inputMap = try map(input, op)
                guard op.inputs.count == 2, op.inputs[1] >= 0, let axes = constants.integers[op.inputs[1]],
                    schema.tensors[input].shape.count == 4, Set(axes) == [1, 2],
                    schema.tensors[output].shape.reduce(1, *) == inputMap.channels
                else {
                    throw .malformed("\(op.label): only the mean over height and width of an NHWC tensor is supported")
                }
                steps.append(.spatialMean(input: input, inputMap: inputMap, output: output))
            case .softmax:
                let shape = schema.tensors[input].shape
                guard let length = shape.last, length > 0, schema.tensors[output].shape == shape else {
                    throw .malformed("\(op.label): the output must have the input's shape")
                }
                steps.append(.softmax(beta: op.options.beta, length: length, input: input, output: output))
            case .custom:
                steps.append(try Self.custom(op, schema, map))
            }
        }
        var sizes: [Int: Int] = [:]
        for index in schema.inputs + schema.outputs + steps.map(\.writes) {
            sizes[index] = schema.tensors[index].shape.reduce(1, *)
        }
        for step in steps {
            for read in step.reads where sizes[read] == nil {
                throw .malformed("tensor \(schema.tensors[read].name) is read before anything writes it")
            }
        }
        var lastRead: [Int: Int] = [:]
        for (i, step) in steps.enumerated() { for read in step.reads { lastRead[read] = i } }
        var releases = Array(repeating: [Int](), count: steps.count)
        let kept = Set(schema.outputs)
        for (tensor, step) in lastRead where !kept.contains(tensor) { releases[step].append(tensor) }
        self.steps = steps
        self.releases = releases
        self.sizes = sizes
    }

    /// STRIDED_SLICE with constant bounds and unit strides (negative bounds count from the end; masked
    /// bounds take the whole axis), over shapes of up to four axes.
    private static func slice(_ op: TFLiteSchema.Operator, _ schema: TFLiteSchema, _ constants: ConstantTensors)
        throws(TFLiteError) -> ExecutionStep
    {
        let o = op.options
        let shape = schema.tensors[op.inputs[0]].shape
        guard op.inputs.count == 4, shape.count <= 4, !op.inputs[1...].contains(-1),
            let begins = constants.integers[op.inputs[1]], let ends = constants.integers[op.inputs[2]],
            let strides = constants.integers[op.inputs[3]], begins.count == shape.count, ends.count == shape.count,
            strides.allSatisfy({ $0 == 1 }), strides.count == shape.count,
            o.ellipsisMask == 0, o.newAxisMask == 0, o.shrinkAxisMask == 0
        else {
            throw .malformed(
                "\(op.label): only constant bounds, unit strides and begin/end masks on up to four axes are supported")
        }
        func bound(_ value: Int, _ axis: Int, masked: Bool, whole: Int) -> Int {
            if masked { return whole }
            return min(max(value < 0 ? value + shape[axis] : value, 0), shape[axis])
        }
        var begin: [Int] = [], size: [Int] = []
        for axis in shape.indices {
            let from = bound(begins[axis], axis, masked: o.beginMask >> axis & 1 == 1, whole: 0)
            let to = bound(ends[axis], axis, masked: o.endMask >> axis & 1 == 1, whole: shape[axis])
            begin.append(from)
            size.append(max(to - from, 0))
        }
        let declared = schema.tensors[op.outputs[0]].shape
        guard declared.reduce(1, *) == size.reduce(1, *), declared.filter({ $0 != 1 }) == size.filter({ $0 != 1 })
        else {
            throw .malformed("\(op.label): the slice is \(size), the output \(declared)")
        }
        let padding = Array(repeating: 1, count: 4 - shape.count)
        return .slice(
            input: op.inputs[0], inputShape: padding + shape,
            begin: Array(repeating: 0, count: 4 - shape.count) + begin,
            outputShape: padding + size, output: op.outputs[0])
    }

    /// MediaPipe's landmark-crop operators, version 2 (`LandmarkCropKernels`).
    private static func custom(
        _ op: TFLiteSchema.Operator, _ schema: TFLiteSchema,
        _ map: (Int, TFLiteSchema.Operator) throws(TFLiteError) -> FeatureMap
    ) throws(TFLiteError) -> ExecutionStep {
        let name = op.customName ?? ""
        let known = ["Landmarks2TransformMatrix", "TransformTensorBilinear", "TransformLandmarks"]
        guard known.contains(name), op.version == 2 else {
            throw .unsupportedOperator(
                index: op.index, name: known.contains(name) ? "\(name) version \(op.version)" : "CUSTOM \(name)")
        }
        let input = op.inputs[0], output = op.outputs[0]
        let inputShape = schema.tensors[input].shape, outputShape = schema.tensors[output].shape
        func matrix() throws(TFLiteError) -> Int {
            guard op.inputs.count == 2, op.inputs[1] >= 0, schema.tensors[op.inputs[1]].shape.reduce(1, *) == 16 else {
                throw .malformed("\(op.label): the second input must be a 4×4 matrix")
            }
            return op.inputs[1]
        }
        switch name {
        case "Landmarks2TransformMatrix":
            guard inputShape.count == 3, inputShape[0] == 1, inputShape[2] == 3, outputShape.reduce(1, *) == 16 else {
                throw .malformed("\(op.label): takes [1, N, 3] landmarks and gives a 4×4 matrix")
            }
            let kernel = try LandmarkCropKernels.CropMatrix(
                FlexBufferMap(op.customOptions, name: op.label),
                landmarkCount: inputShape[1], label: op.label)
            return .cropMatrix(kernel, landmarks: input, output: output)
        case "TransformTensorBilinear":
            let options = try FlexBufferMap(op.customOptions, name: op.label)
            let inputMap = try map(input, op), matrix = try matrix()
            let outputMap = FeatureMap(
                height: try options.int("output_height"), width: try options.int("output_width"),
                channels: inputMap.channels)
            guard try map(output, op) == outputMap else {
                throw .malformed("\(op.label): the output is not \(outputMap)")
            }
            return .transformBilinear(
                input: input, inputMap: inputMap, matrix: matrix, outputMap: outputMap, output: output)
        default:
            let dimensions = outputShape.last ?? 0
            guard inputShape == outputShape, inputShape.count == 3, dimensions == 2 || dimensions == 3 else {
                throw .malformed("\(op.label): takes and gives [1, N, 2 or 3] landmarks of one shape")
            }
            return .transformLandmarks(input: input, dimensions: dimensions, matrix: try matrix(), output: output)
        }
    }
}
