import IrisCore

/// Why a frame source could not be opened: the device or file, with the cause as it was thrown (a missing
/// or busy camera, an unreadable recording, a damaged still), or raw-frame options given wrongly (`field`
/// names them as the command line spells them: `--size`, `--format`).
public enum SourceError: Error, Equatable, CustomStringConvertible {
    case unavailable(path: String, cause: ErrorCause)
    case rawOptions(field: String, reason: String)
    /// `--control` given for a recording, a still or a pipe: only a camera has controls.
    case controlsNeedACamera(path: String, control: String)
    /// `--source auto` on a machine with no camera (neither libcamera's nor a V4L2 node Iris can stream).
    case noCameraFound

    public var description: String {
        switch self {
        case let .unavailable(path, cause): return "cannot open source \(path): \(cause)"
        case let .rawOptions(field, reason): return "\(field): \(reason)"
        case let .controlsNeedACamera(path, control):
            return "--control \(control): \(path) is not a camera; only a camera has controls"
        case .noCameraFound:
            return "--source auto: no camera found (no libcamera camera, no V4L2 node streaming a format Iris reads)"
        }
    }
}
