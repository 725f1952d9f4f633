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
                throw .malformed("operator \(op.index) (\(TFLiteSchema.Opcode.name(of: op.opcode.rawValue))): input \(slot) must be a constant")
            }
            return values
        }
        func expect(_ produced: FeatureMap, _ op: TFLiteSchema.Operator) throws(TFLiteError) {
            let declared = try map(op.outputs[0], op)
            guard declared == produced else {
                throw .malformed("operator \(op.index): output \(schema.tensors[op.outputs[0]].name) is \(declared), the operator makes \(produced)")
            }
        }
        for op in schema.operators {
            guard !op.inputs.isEmpty, op.outputs.count == 1, op.inputs[0] >= 0 else {
                throw .malformed("operator \(op.index): expected inputs and one output")
            }
            let input = op.inputs[0], output = op.outputs[0]
            switch op.opcode {
            case .dequantize:
                if let half = constants.floats[input] { constants.record(half, at: output) }
                else { steps.append(.copy(input: input, output: output)) }
            case .reshape:
                // The new shape is the output tensor's; the optional shape input says the same thing.
                let from = schema.tensors[input].shape.reduce(1, *), to = schema.tensors[output].shape.reduce(1, *)
                guard from == to else { throw .malformed("operator \(op.index) (RESHAPE): \(from) values cannot become \(to)") }
                if let values = constants.floats[input] { constants.record(values, at: output) }
                else { steps.append(.copy(input: input, output: output)) }
            case .conv2D:
                let bias = op.inputs.count > 2 && op.inputs[2] >= 0 ? try constant(op, 2) : nil
                let kernel = try Conv2DKernel(input: try map(input, op), weights: try constant(op, 1),
                                              weightShape: schema.tensors[op.inputs[1]].shape, bias: bias, options: op.options)
                try expect(kernel.output, op)
                steps.append(.conv(kernel, input: input, output: output))
            case .depthwiseConv2D:
                let bias = op.inputs.count > 2 && op.inputs[2] >= 0 ? try constant(op, 2) : nil
                let kernel = try DepthwiseConv2DKernel(input: try map(input, op), weights: try constant(op, 1),
                                                       weightShape: schema.tensors[op.inputs[1]].shape, bias: bias, options: op.options)
                try expect(kernel.output, op)
                steps.append(.depthwise(kernel, input: input, output: output))
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
                let rows = WindowAxis(input: inputMap.height, filter: o.filterH, stride: o.strideH, dilation: 1, padding: o.padding)
                let cols = WindowAxis(input: inputMap.width, filter: o.filterW, stride: o.strideW, dilation: 1, padding: o.padding)
                let outputMap = FeatureMap(height: rows.output, width: cols.output, channels: inputMap.channels)
                try expect(outputMap, op)
                steps.append(.maxPool(input: input, inputMap: inputMap, outputMap: outputMap, options: o,
                                      padTop: rows.padBefore, padLeft: cols.padBefore, output: output))
            case .pad:
                guard op.inputs.count == 2, op.inputs[1] >= 0, let paddings = constants.integers[op.inputs[1]], paddings.count == 8,
                      paddings.allSatisfy({ $0 >= 0 }), paddings[0] == 0, paddings[1] == 0 else {
                    throw .malformed("operator \(op.index) (PAD): paddings must be a constant [4, 2] of non-negative sizes, none on the batch")
                }
                let inputMap = try map(input, op)
                let outputMap = FeatureMap(height: inputMap.height + paddings[2] + paddings[3], width: inputMap.width + paddings[4] + paddings[5],
                                           channels: inputMap.channels + paddings[6] + paddings[7])
                try expect(outputMap, op)
                steps.append(.pad(input: input, inputMap: inputMap, before: [0, paddings[2], paddings[4], paddings[6]],
                                  outputMap: outputMap, output: output))
            }
        }
        var sizes: [Int: Int] = [:]
        for index in schema.inputs + schema.outputs + steps.map(\.writes) { sizes[index] = schema.tensors[index].shape.reduce(1, *) }
        for step in steps { for read in step.reads where sizes[read] == nil {
            throw .malformed("tensor \(schema.tensors[read].name) is read before anything writes it")
        } }
        var lastRead: [Int: Int] = [:]
        for (i, step) in steps.enumerated() { for read in step.reads { lastRead[read] = i } }
        var releases = Array(repeating: [Int](), count: steps.count)
        let kept = Set(schema.outputs)
        for (tensor, step) in lastRead where !kept.contains(tensor) { releases[step].append(tensor) }
        self.steps = steps; self.releases = releases; self.sizes = sizes
    }
}
