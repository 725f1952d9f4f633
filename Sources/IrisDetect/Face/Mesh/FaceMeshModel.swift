/// MediaPipe's face landmark models as Iris carries them (mediapipe 0.10.14, Apache-2.0), for running them
/// with `IrisNeural` or MediaPipe's runtime: `face_landmark.tflite`, the 468-point mesh and a face-presence
/// score, and `face_landmark_with_attention.tflite`, which looks again at the lips, each eye and each iris
/// through crops of its own features (its lids meet on shut eyes; its presence score is weaker).
///
///     let model = try TFLiteModel(bytes: FaceMeshModel.tfliteBytes)
public enum FaceMeshModel {
    /// The plain model file's bytes (`BundledModel.faceLandmark`), read and checked once.
    public static var tfliteBytes: [UInt8] {
        get throws(DetectorError) { try BundledModel.faceLandmark.bytes() }
    }
    /// The attention model file's bytes (`BundledModel.faceLandmarkWithAttention`).
    public static var attentionTFLiteBytes: [UInt8] {
        get throws(DetectorError) { try BundledModel.faceLandmarkWithAttention.bytes() }
    }

    /// Side of the square RGB crop the model reads.
    public static let inputSide = 192
    /// Points of the mesh both models return, each x, y (pixels of the crop) and z (relative depth).
    public static let meshPointCount = 468
    /// The mesh and the 5 points of each iris, as `FaceMesh` holds them from the attention model.
    public static let pointCountWithIrises = 478

    /// The attention model's outputs: the mesh, the face-presence logit, and the close-ups (x, y pairs)
    /// with the mesh points each replaces. MediaPipe's "left" eye is the one on the picture's left, the
    /// person's right.
    static let meshOutput = "output_mesh_identity", presenceOutput = "conv_faceflag"
    static let refinements: [(output: String, meshIndices: [Int])] = [
        ("output_lips", FaceMeshIndex.lipsRefinement),
        ("output_left_eye", FaceMeshIndex.rightEyeRefinement),
        ("output_right_eye", FaceMeshIndex.leftEyeRefinement),
        ("output_left_iris", Array(FaceMeshIndex.rightIris..<FaceMeshIndex.rightIris + 5)),
        ("output_right_iris", Array(FaceMeshIndex.leftIris..<FaceMeshIndex.leftIris + 5))
    ]
}
