import Foundation
@testable import IrisDetect
@testable import IrisNeural
import Testing

/// The bundled attention face landmark model run by Iris's interpreter against MediaPipe's own runtime
/// (TensorFlow Lite's float32 builtin kernels with MediaPipe's custom operators,
/// `tools/face-mesh-attention-reference`) on the same inputs: every output, the mesh, the lip, eye and iris close-ups
/// and the face-presence logit.
@Suite struct FaceMeshAttentionReferenceTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            let name: String
            let grey: String?
            let outputs: [String: [Float]]
        }
        let modelSHA256: String
        let outputNames: [String]
        let cases: [Case]
    }

    static func reference() throws -> Reference {
        try ReferenceFiles.load("face-mesh-attention-reference", as: Reference.self)
    }

    static let model = Result { try TFLiteModel(bytes: FaceMeshModel.attentionTFLiteBytes) }

    @Test func inputsAndOutputsAreTheModelsOwn() throws {
        let model = try Self.model.get()
        #expect(model.inputs == [TFLiteTensorInfo(name: "input_1", shape: [1, 192, 192, 3])])
        #expect(
            model.outputs.map(\.name) == [
                "output_mesh_identity", "output_lips", "output_left_eye", "output_right_eye",
                "output_left_iris", "output_right_iris", "conv_faceflag"
            ])
        #expect(model.outputs.map(\.elementCount) == [1404, 160, 142, 142, 10, 10, 1])
        #expect(try Self.reference().outputNames == model.outputs.map(\.name))
    }

    /// Both runtimes add the same float32 products in different orders (SIMD lanes, blocking), so results
    /// differ in the last bits, and 43 million multiply-adds through 150 layers let that grow to about 1e-4
    /// of a crop pixel; 2e-3 of a pixel (1e-5 of the crop) is far below anything a face could show. The
    /// close-ups resample the features where the mesh puts the eyes and lips, so a wrong crop matrix or
    /// resampling moves their points by whole pixels.
    @Test(arguments: ["pattern", "astronaut", "astronaut face"])
    func matchesMediaPipe(_ name: String) throws {
        let reference = try Self.reference()
        let item = try #require(reference.cases.first { $0.name == name })
        let input = try ReferenceFiles.faceMeshInput(grey: item.grey)
        let model = try Self.model.get()
        let outputs = try model.run([input])
        #expect(outputs.count == model.outputs.count)
        for (info, values) in zip(model.outputs, outputs) {
            let expected = try #require(item.outputs[info.name], "no reference for \(info.name)")
            #expect(values.count == expected.count, "\(info.name): \(values.count) values")
            let worst = zip(values, expected).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst < 2e-3, "\(info.name): largest difference \(worst)")
        }
    }

    @Test func referenceWasMadeFromTheBundledModel() throws {
        // The SHA-256 tools/export-face-mesh-model checks, written into the generated model source.
        #expect(try Self.reference().modelSHA256 == "e06a804e0144f9929eda782122916b35d60c697c3c9344013ca2bbe76a6ce2b4")
    }

    /// The crop operators' FlexBuffer options, read by Iris, name the same mesh points (in the same order)
    /// as MediaPipe's refinement graph (tensors_to_face_landmarks_with_attention.pbtxt), which
    /// `FaceMeshIndex` copies: two sources that must agree point for point.
    @Test func cropOptionsNameTheMeshPointsMediaPipesGraphRefines() throws {
        let schema = try TFLiteSchema(bytes: FaceMeshModel.attentionTFLiteBytes)
        let crops = try schema.operators.filter { $0.customName == "Landmarks2TransformMatrix" }.map {
            try LandmarkCropKernels.CropMatrix(
                FlexBufferMap($0.customOptions, name: $0.label), landmarkCount: 468, label: $0.label)
        }
        #expect(
            crops.map(\.subset) == [
                FaceMeshIndex.lipsRefinement, FaceMeshIndex.rightEyeRefinement, FaceMeshIndex.leftEyeRefinement
            ])
        #expect(crops.map(\.leftIndex) == [61, 33, 362] && crops.map(\.rightIndex) == [291, 133, 263])
        #expect(
            crops.allSatisfy {
                $0.outputWidth == 16 && $0.outputHeight == 16 && $0.scaleX == 1.5 && $0.scaleY == 1.5
                    && $0.targetRotation == 0
            })
        let resamplers = try schema.operators.filter { $0.customName == "TransformTensorBilinear" }.map {
            try FlexBufferMap($0.customOptions, name: $0.label)
        }
        #expect(
            try resamplers.map { [try $0.int("output_height"), try $0.int("output_width")] }
                == Array(repeating: [16, 16], count: 3))
    }

    @Test func brokenCustomOptionsAreNamed() {
        func reason(_ bytes: [UInt8]) -> String {
            do {
                _ = try FlexBufferMap(bytes, name: "operator 7")
                return "read"
            } catch { return "\(error)" }
        }
        #expect(reason([1, 2]).contains("operator 7") && reason([1, 2]).contains("too short"))
        // A root that says "map" at byte width 1, pointing past the start.
        #expect(reason([0, 0, 9, 36, 1]).contains("operator 7") && reason([0, 0, 9, 36, 1]).contains("outside"))
    }

    /// A custom operator Iris does not know (one letter of the model's operator name changed) is refused
    /// by name, not run.
    @Test func anUnknownCustomOperatorIsNamed() throws {
        var bytes = try FaceMeshModel.attentionTFLiteBytes
        let name = Array("TransformLandmarks".utf8)
        let at = try #require((0...(bytes.count - name.count)).last { Array(bytes[$0..<$0 + name.count]) == name })
        bytes[at + name.count - 1] = UInt8(ascii: "Z")
        #expect(throws: TFLiteError.self) { try TFLiteModel(bytes: bytes) }
        do { _ = try TFLiteModel(bytes: bytes) } catch {
            #expect("\(error)".contains("CUSTOM TransformLandmarkZ"), "\(error)")
        }
    }
}
