/// A ground-truth file that cannot be used, naming the file and, where it helps, the frame or line.
public enum TruthFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// Not the format it claims, or a field of the wrong shape.
    case malformed(path: String, detail: String)
    case unsupportedVersion(path: String, version: Int)
    /// Well formed, but it contradicts itself (frames out of order, a corner missing, a size of 0).
    case inconsistent(path: String, detail: String)

    public var path: String {
        switch self {
        case let .unreadable(path, _), let .malformed(path, _), let .unsupportedVersion(path, _), let .inconsistent(path, _): path
        }
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read the ground truth (\(reason))"
        case let .malformed(path, detail): "\(path): not a ground-truth file Iris reads (\(detail))"
        case let .unsupportedVersion(path, version): "\(path): ground-truth version \(version) is newer than this Iris reads (1)"
        case let .inconsistent(path, detail): "\(path): \(detail)"
        }
    }
}
