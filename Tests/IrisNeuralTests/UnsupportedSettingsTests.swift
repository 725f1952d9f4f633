import IrisDetect
@testable import IrisNeural
import Testing

/// Operator settings the bundled models never use, written into copies of their schemas: each copy is
/// refused while its plan is made, with the operator named, instead of being run wrongly.
@Suite struct UnsupportedSettingsTests {
    let attention: TFLiteSchema
    let emotion: TFLiteSchema

    init() throws {
        attention = try TFLiteSchema(bytes: FaceMeshModel.attentionTFLiteBytes)
        emotion = try TFLiteSchema(bytes: EmotionModel.tfliteBytes)
    }

    func refusal(_ schema: TFLiteSchema) -> TFLiteError? {
        do {
            _ = try ExecutionPlan(schema)
            return nil
        } catch { return error }
    }

    func firstOperator(_ opcode: TFLiteSchema.Opcode, in schema: TFLiteSchema, named name: String? = nil) throws -> Int
    {
        try #require(schema.operators.firstIndex { $0.opcode == opcode && (name == nil || $0.customName == name) })
    }

    func altering(
        _ schema: TFLiteSchema, operator index: Int, options: TFLiteSchema.Options? = nil,
        version: Int? = nil
    ) -> TFLiteSchema {
        var operators = schema.operators
        let op = operators[index]
        operators[index] = TFLiteSchema.Operator(
            index: op.index, opcode: op.opcode, inputs: op.inputs, outputs: op.outputs,
            options: options ?? op.options, customName: op.customName,
            version: version ?? op.version, customOptions: op.customOptions)
        return TFLiteSchema(
            tensors: schema.tensors, inputs: schema.inputs, outputs: schema.outputs, operators: operators)
    }

    func altering(
        _ schema: TFLiteSchema, tensor index: Int, data: [UInt8]? = nil,
        quantization: TFLiteSchema.Quantization? = nil
    ) -> TFLiteSchema {
        var tensors = schema.tensors
        let t = tensors[index]
        tensors[index] = TFLiteSchema.Tensor(
            name: t.name, shape: t.shape, type: t.type, data: data.map { $0[...] } ?? t.data,
            quantization: quantization ?? t.quantization)
        return TFLiteSchema(
            tensors: tensors, inputs: schema.inputs, outputs: schema.outputs, operators: schema.operators)
    }

    func message(_ error: TFLiteError?) -> String { error.map { "\($0)" } ?? "no error" }

    /// Without a change both plan: every refusal below comes from the one setting altered.
    @Test func theBundledSchemasPlan() {
        #expect(refusal(attention) == nil)
        #expect(refusal(emotion) == nil)
    }

    @Test func aStridedSliceThatDropsAnAxisIsRefused() throws {
        let index = try firstOperator(.stridedSlice, in: attention)
        var options = attention.operators[index].options
        options.shrinkAxisMask = 1
        let why = message(refusal(altering(attention, operator: index, options: options)))
        #expect(why.contains("operator \(index) (STRIDED_SLICE)") && why.contains("masks"), "\(why)")
    }

    @Test func aMeanOverOtherAxesIsRefused() throws {
        let index = try firstOperator(.mean, in: emotion)
        // The axes, a constant int32 list, made [1, 3]: height and channels.
        let axes = emotion.operators[index].inputs[1]
        let why = message(refusal(altering(emotion, tensor: axes, data: [1, 0, 0, 0, 3, 0, 0, 0])))
        #expect(why.contains("operator \(index) (MEAN)") && why.contains("height and width"), "\(why)")
    }

    @Test func int8WeightsWithAZeroPointAreRefused() throws {
        // The first convolution with int8 weights (the model's first ones are float).
        let index = try #require(
            emotion.operators.firstIndex { $0.opcode == .conv2D && emotion.tensors[$0.inputs[1]].type == .int8 })
        let weights = emotion.operators[index].inputs[1]
        let quantization = try #require(emotion.tensors[weights].quantization)
        let shifted = TFLiteSchema.Quantization(
            scales: quantization.scales, zeroPoints: quantization.scales.map { _ in 3 },
            axis: quantization.axis)
        let why = message(refusal(altering(emotion, tensor: weights, quantization: shifted)))
        #expect(why.contains("CONV_2D") && why.contains("symmetric"), "\(why)")
    }

    @Test func aCustomOperatorOfAnotherVersionIsRefused() throws {
        let index = try firstOperator(.custom, in: attention, named: "TransformLandmarks")
        #expect(
            refusal(altering(attention, operator: index, version: 1))
                == .unsupportedOperator(index: index, name: "TransformLandmarks version 1"))
    }
}
