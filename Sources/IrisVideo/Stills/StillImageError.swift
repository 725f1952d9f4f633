/// Why a still image could not be read or written. Every case names the file (or "<memory>" for bytes
/// that came from no file), so a message on a terminal says which image is at fault.
///
///     catch let error as StillImageError { print(error) }   // "photo.png: truncated (the file ends early)"
public enum StillImageError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    /// Neither PNG nor JPEG: unknown leading bytes when reading, an unknown extension when writing.
    case unsupportedFormat(path: String)
    /// A PNG or JPEG that ends before its data does.
    case truncated(path: String)
    case corrupt(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    /// The file (or "<memory>") the error is about.
    public var path: String {
        switch self {
        case let .fileNotFound(path), let .unreadable(path, _), let .unsupportedFormat(path),
            let .truncated(path), let .corrupt(path, _), let .writeFailed(path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case let .fileNotFound(path): return "\(path): no such file"
        case let .unreadable(path, reason): return "\(path): cannot read (\(reason))"
        case let .unsupportedFormat(path):
            return "\(path): not a PNG or JPEG image (Iris reads and writes .png, .jpg, .jpeg)"
        case let .truncated(path): return "\(path): truncated (the file ends before its image data does)"
        case let .corrupt(path, reason): return "\(path): corrupt image (\(reason))"
        case let .writeFailed(path, reason): return "\(path): cannot write (\(reason))"
        }
    }
}

extension StillImageError {
    /// The error for a file-level failure while reading `path`.
    static func reading(_ path: String, _ failure: FileFailure) -> StillImageError {
        switch failure {
        case .notFound: return .fileNotFound(path: path)
        case let .failed(reason): return .unreadable(path: path, reason: reason)
        }
    }

    /// The error for a file-level failure while writing `path`.
    static func writing(_ path: String, _ failure: FileFailure) -> StillImageError {
        switch failure {
        case .notFound: return .writeFailed(path: path, reason: "directory does not exist")
        case let .failed(reason): return .writeFailed(path: path, reason: reason)
        }
    }
}
