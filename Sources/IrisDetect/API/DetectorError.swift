/// Why a detector cannot be made or cannot look at an input; each case names what is at fault.
public enum DetectorError: Error, Equatable, CustomStringConvertible {
    /// The detector type exists in the API but has no implementation yet.
    case unsupported(type: DetectorType, reason: String)
    case invalidOption(name: String, value: String, expected: String)
    /// A recipe image needs a context to render it before detection.
    case contextRequired(image: String)
    case renderFailed(image: String, reason: String)
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

    public var description: String {
        switch self {
        case let .unsupported(type, reason): return "detector type '\(type.rawValue)' is not supported: \(reason)"
        case let .invalidOption(name, value, expected): return "detector option \(name)=\(value): expected \(expected)"
        case let .contextRequired(image): return "\(image) is a filter recipe; make the Detector with a context to render it"
        case let .renderFailed(image, reason): return "rendering \(image) for detection failed: \(reason)"
        case let .decoderFailed(reason): return "zxing-cpp failed: \(reason)"
        case let .cascadeMissing(path): return "cascade file \(path) is missing or unreadable (Debian: apt install opencv-data)"
        case let .cascadeMalformed(path, reason): return "cascade file \(path) is not a usable OpenCV cascade: \(reason)"
        case let .hogModelMissing(path): return "HOG detector file \(path) is missing or unreadable"
        case let .hogModelMalformed(path, reason): return "HOG detector file \(path) is not a usable dlib object_detector: \(reason)"
        case let .landmarkModelMalformed(reason): return "the bundled face landmark model is unusable: \(reason)"
        }
    }
}
