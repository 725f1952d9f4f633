import IrisCore
import IrisNeural

/// Why a detector cannot be made or cannot look at an input; each case names what is at fault.
public enum DetectorError: Error, Equatable, CustomStringConvertible {
    /// The detector type exists in the API but has no implementation yet.
    case unsupported(type: DetectorType, reason: String)
    case invalidOption(name: String, value: String, expected: String)
    /// A recipe image needs a context to render it before detection.
    case contextRequired(image: String)
    case renderFailed(image: String, cause: ErrorCause)
    /// zxing-cpp reported a failure (not "no code found", which is an empty result).
    case decoderFailed(reason: String)
    /// A cascade (face model) file does not exist or cannot be read.
    case cascadeMissing(path: String)
    /// A cascade file is not an OpenCV cascade Iris can run; `reason` says what is wrong.
    case cascadeMalformed(path: String, reason: String)
    /// A dlib HOG detector (.svm) file does not exist or cannot be read.
    case hogModelMissing(path: String)
    /// A file is not a dlib HOG detector Iris can run; `reason` says what is wrong.
    case hogModelMalformed(path: String, reason: String)
    /// The bundled face landmark model could not be read (a damaged build).
    case landmarkModelMalformed(reason: String)
    /// A bundled model file (`BundledModel`) is on none of the directories of `ModelDirectory`'s search path.
    case modelMissing(file: String, searched: [String])
    /// A bundled model file's SHA-256 is not the one Iris was built with: a damaged or swapped file.
    case modelCorrupt(path: String, expectedSHA256: String, actualSHA256: String)
    /// A bundled TensorFlow Lite model passed its digest check but the interpreter cannot run it.
    case modelUnreadable(file: String, cause: TFLiteError)

    public var description: String {
        switch self {
        case let .unsupported(type, reason): return "detector type '\(type.rawValue)' is not supported: \(reason)"
        case let .invalidOption(name, value, expected): return "detector option \(name)=\(value): expected \(expected)"
        case let .contextRequired(image):
            return "\(image) is a filter recipe; make the Detector with a context to render it"
        case let .renderFailed(image, reason): return "rendering \(image) for detection failed: \(reason)"
        case let .decoderFailed(reason): return "zxing-cpp failed: \(reason)"
        case let .cascadeMissing(path):
            return "cascade file \(path) is missing or unreadable (Debian: apt install opencv-data)"
        case let .cascadeMalformed(path, reason):
            return "cascade file \(path) is not a usable OpenCV cascade: \(reason)"
        case let .hogModelMissing(path): return "HOG detector file \(path) is missing or unreadable"
        case let .hogModelMalformed(path, reason):
            return "HOG detector file \(path) is not a usable dlib object_detector: \(reason)"
        case let .landmarkModelMalformed(reason): return "the bundled face landmark model is unusable: \(reason)"
        case let .modelMissing(file, searched):
            return
                "model file \(file) is in none of \(searched.joined(separator: ", ")) (set \(ModelDirectory.environmentVariable) to its folder)"
        case let .modelCorrupt(path, expected, actual):
            return
                "model file \(path) has SHA-256 \(actual), expected \(expected): the file is damaged or not the model Iris was built with"
        case let .modelUnreadable(file, cause): return "model file \(file) cannot be run: \(cause)"
        }
    }
}
