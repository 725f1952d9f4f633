import IrisDetect
import IrisVideo

/// Why an evaluation could not run, naming the clip or file.
public enum EvaluationError: Error, CustomStringConvertible {
    case truth(TruthFileError)
    case recording(RecordingError)
    case detector(DetectorError)
    /// A clip with no truth file beside it (`NAME.truth.json`) and none given.
    case noTruth(clip: String, looked: String)
    /// The clip decodes to a different size or number of frames than its truth describes.
    case clipDisagrees(clip: String, detail: String)
    /// A thresholds file that cannot be read or names a metric Iris does not measure.
    case thresholds(path: String, detail: String)
    /// Nothing to evaluate in a folder.
    case nothingToEvaluate(path: String)
    /// Inputs that do not go together.
    case misuse(String)

    public var description: String {
        switch self {
        case let .truth(error): "\(error)"
        case let .recording(error): "\(error)"
        case let .detector(error): "\(error)"
        case let .noTruth(clip, looked): "\(clip): no ground truth (looked for \(looked); give one with --truth)"
        case let .clipDisagrees(clip, detail): "\(clip): the clip and its ground truth disagree (\(detail))"
        case let .thresholds(path, detail): "\(path): \(detail)"
        case let .nothingToEvaluate(path):
            "\(path): no recordings with ground truth and no still-image truth layout here"
        case let .misuse(detail): detail
        }
    }
}
