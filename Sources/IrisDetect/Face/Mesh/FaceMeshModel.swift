import Foundation

/// MediaPipe's face landmark model as Iris carries it: the bytes of `face_landmark.tflite` (mediapipe
/// 0.10.14, Apache-2.0), for running it with `IrisNeural` or any TensorFlow Lite runtime.
///
///     let model = try TFLiteModel(bytes: FaceMeshModel.tfliteBytes)
public enum FaceMeshModel {
    /// The model file's bytes, decoded once from the base64 compiled into the binary.
    public static let tfliteBytes: [UInt8] = {
        guard let data = Data(base64Encoded: BundledFaceMeshModel.base64, options: .ignoreUnknownCharacters) else {
            preconditionFailure("BundledFaceMeshModel.base64 is not base64: regenerate it with tools/export-face-mesh-model")
        }
        return [UInt8](data)
    }()

    /// Side of the square RGB crop the model reads.
    public static let inputSide = 192
    /// Points the model returns, each x, y (pixels of the crop) and z (relative depth).
    public static let pointCount = 468
}
