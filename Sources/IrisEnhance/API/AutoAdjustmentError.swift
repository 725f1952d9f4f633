import IrisCore
import IrisDetect

/// Why an image could not be analysed for auto-adjustment, naming what was wrong.
public enum AutoAdjustmentError: Error, Equatable, CustomStringConvertible {
    /// The image has no pixels (an empty extent) or endless ones (a generator not cropped).
    case noPixels(extent: String)
    /// An option outside its range, or not a number.
    case invalidOption(name: String, value: String, expected: String)
    /// Rendering the analysis's view of the image failed.
    case renderFailed(cause: ErrorCause)
    /// The face detector failed.
    case faceDetectionFailed(cause: DetectorError)

    public var description: String {
        switch self {
        case let .noPixels(extent):
            return "auto-adjust: the image has no pixels to analyse (extent \(extent)); crop an endless image first"
        case let .invalidOption(name, value, expected):
            return "auto-adjust: option \(name) is \(value); expected \(expected)"
        case let .renderFailed(reason): return "auto-adjust: rendering the image for analysis failed: \(reason)"
        case let .faceDetectionFailed(reason): return "auto-adjust: finding faces failed: \(reason)"
        }
    }
}
