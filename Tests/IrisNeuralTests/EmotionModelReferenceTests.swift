import Foundation
import IrisDetect
@testable import IrisNeural
import Testing

/// The bundled facial-expression model (int8 convolution weights on float activations, MEAN, SOFTMAX) run
/// by Iris's interpreter against TensorFlow Lite's own (tflite-runtime 2.14.0's builtin kernels,
/// `tools/emotion-model-reference`) on the same inputs.
@Suite struct EmotionModelReferenceTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            let name: String
            let grey: String
            let probabilities: [Float]
        }
        let modelSHA256: String
        let labels: [String]
        let cases: [Case]
    }

    static func reference() throws -> Reference {
        try ReferenceFiles.load("emotion-model-reference", as: Reference.self)
    }

    @Test func inputsAndOutputsAreTheModelsOwn() throws {
        let model = try TFLiteModel(bytes: EmotionModel.tfliteBytes)
        #expect(model.inputs.map(\.shape) == [[1, 64, 64, 1]] && model.outputs.map(\.shape) == [[1, 7]])
        #expect(try Self.reference().labels == EmotionModel.labels)
        #expect(try Self.reference().modelSHA256 == "65e3961bb68f497bd02a8d075da8409364db90004edb80c0c6cb15647c4de559")
    }

    /// The int8 convolutions quantize their input on every run, as TensorFlow Lite's do, and sum in exact
    /// integers, so only float rounding in the scales, the float layers and the mean separates the two;
    /// 1e-4 of a probability is far below any decision.
    @Test(arguments: ["pattern", "astronaut face"])
    func matchesTensorFlowLite(_ name: String) throws {
        let item = try #require(try Self.reference().cases.first { $0.name == name })
        let grey = try #require(Data(base64Encoded: item.grey))
        let input = grey.map { (Float($0) / 255 - 0.5) * 2 }
        let outputs = try TFLiteModel(bytes: EmotionModel.tfliteBytes).run([input])
        let worst = zip(outputs[0], item.probabilities).map { abs($0 - $1) }.max() ?? .infinity
        #expect(
            outputs[0].count == 7 && worst < 1e-4, "largest difference \(worst): \(outputs[0]) vs \(item.probabilities)"
        )
    }

    /// TensorFlow Lite's input quantization: the range widened to hold zero, 255 steps, the zero point
    /// from the nearer end, values rounded half away from zero.
    @Test func inputQuantizationFollowsTensorFlowLite() {
        // Range [-1, 3]: 4 / 255 a step; zero point from the minimum: -128 + 63.75 → -64 (error from the
        // maximum end would be larger).
        let (values, scale, offset) = [Float(-1), 0, 1, 3].withUnsafeBufferPointer { HybridConvKernel.quantize($0) }
        #expect(abs(scale - 4 / 255) < 1e-7 && offset == -64)
        #expect(values == [-128, -64, 0, 127])
        let zeros = [Float](repeating: 0, count: 3).withUnsafeBufferPointer { HybridConvKernel.quantize($0) }
        #expect(zeros.values == [0, 0, 0] && zeros.scale == 1 && zeros.offset == 0)
    }
}
