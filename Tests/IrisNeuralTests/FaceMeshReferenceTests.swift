import Foundation
import IrisDetect
import IrisNeural
import Testing

/// The bundled face landmark model run by Iris's interpreter against TensorFlow Lite's own (tflite-runtime
/// 2.14.0's float32 builtin kernels, `tools/face-mesh-reference`) on the same inputs.
@Suite struct FaceMeshReferenceTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            let name: String
            let grey: String?
            let landmarks: [Float]
            let score: Float
        }
        let modelSHA256: String
        let cases: [Case]
    }

    static func reference() throws -> Reference { try ReferenceFiles.load("face-mesh-reference", as: Reference.self) }

    static let model = Result { try TFLiteModel(bytes: FaceMeshModel.tfliteBytes) }

    @Test func inputsAndOutputsAreTheModelsOwn() throws {
        let model = try Self.model.get()
        #expect(model.inputs == [TFLiteTensorInfo(name: "input_1", shape: [1, 192, 192, 3])])
        #expect(model.outputs.map(\.name) == ["conv2d_21", "conv2d_31"])
        #expect(model.outputs.map(\.shape) == [[1, 1, 1, 1404], [1, 1, 1, 1]])
    }

    /// Both runtimes add the same float32 products in different orders (SIMD lanes, blocking), so results
    /// differ in the last bits, and 35 million multiply-adds through 70 layers let that grow to about 1e-4
    /// of a crop pixel; 2e-3 of a pixel (1e-5 of the crop) is far below anything a face could show.
    @Test(arguments: ["pattern", "astronaut"])
    func matchesTensorFlowLite(_ name: String) throws {
        let reference = try Self.reference()
        let item = try #require(reference.cases.first { $0.name == name })
        let input = try ReferenceFiles.faceMeshInput(grey: item.grey)
        let outputs = try Self.model.get().run([input])
        #expect(outputs.count == 2 && outputs[0].count == 1404 && outputs[1].count == 1)
        let worst = zip(outputs[0], item.landmarks).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 2e-3, "largest landmark difference \(worst)")
        #expect(abs(outputs[1][0] - item.score) < 2e-3, "score logit \(outputs[1][0]) vs \(item.score)")
    }

    @Test func referenceWasMadeFromTheBundledModel() throws {
        // The SHA-256 tools/export-face-mesh-model checks, written into the generated model source.
        #expect(try Self.reference().modelSHA256 == "1055cb9d4a9ca8b8c688902a3a5194311138ba256bcc94e336d8373a5f30c814")
    }
}
