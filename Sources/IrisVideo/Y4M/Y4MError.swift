/// Why a YUV4MPEG2 (.y4m) file could not be read or written. Every case names the file.
///
///     catch let error as Y4MError { print(error) }   // "clip.y4m: frame 3 is truncated (…)"
public enum Y4MError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    /// The file does not start with "YUV4MPEG2 ".
    case badMagic(path: String)
    /// A required header field (W or H) is absent.
    case missingHeaderField(path: String, field: String)
    /// A header field that cannot be parsed, or a header line that never ends.
    case malformedHeader(path: String, reason: String)
    /// A C tag Iris cannot turn into a `PixelBuffer` (e.g. 420p10, 411, 444alpha).
    case unsupportedColorspace(path: String, tag: String)
    /// Where a "FRAME" line should start, something else does. Frames count from 0.
    case badFrameMarker(path: String, frame: Int)
    /// The file ends inside a frame.
    case truncatedFrame(path: String, frame: Int, expectedBytes: Int, gotBytes: Int)
    /// A frame given to the writer does not fit the header (size or pixel format).
    case frameMismatch(path: String, frame: Int, reason: String)
    case writeFailed(path: String, reason: String)
    /// `rewind()` on a pipe, FIFO or standard input: what was read is gone.
    case cannotRewind(path: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .fileNotFound(path), let .unreadable(path, _), let .badMagic(path), let .missingHeaderField(path, _),
            let .malformedHeader(path, _), let .unsupportedColorspace(path, _), let .badFrameMarker(path, _),
            let .truncatedFrame(path, _, _, _), let .frameMismatch(path, _, _), let .writeFailed(path, _),
            let .cannotRewind(path):
            return path
        }
    }

    public var description: String {
        switch self {
        case let .fileNotFound(path): return "\(path): no such file"
        case let .unreadable(path, reason): return "\(path): cannot read (\(reason))"
        case let .badMagic(path): return "\(path): not a YUV4MPEG2 file (it must start with \"YUV4MPEG2 \")"
        case let .missingHeaderField(path, field): return "\(path): Y4M header has no \(field) field"
        case let .malformedHeader(path, reason): return "\(path): malformed Y4M header (\(reason))"
        case let .unsupportedColorspace(path, tag):
            return
                "\(path): Y4M colourspace C\(tag) is not supported (Iris reads C420jpeg, C420paldv, C420mpeg2, C420, C422, C444, Cmono)"
        case let .badFrameMarker(path, frame): return "\(path): frame \(frame) does not start with a FRAME line"
        case let .truncatedFrame(path, frame, expected, got):
            return "\(path): frame \(frame) is truncated (\(got) of \(expected) bytes before the end of the file)"
        case let .frameMismatch(path, frame, reason):
            return "\(path): frame \(frame) does not fit the Y4M header (\(reason))"
        case let .writeFailed(path, reason): return "\(path): cannot write (\(reason))"
        case let .cannotRewind(path): return "\(path): cannot rewind a pipe or stream (only a file can be played again)"
        }
    }
}

extension Y4MError {
    static func reading(_ path: String, _ failure: FileFailure) -> Y4MError {
        switch failure {
        case .notFound: return .fileNotFound(path: path)
        case let .failed(reason): return .unreadable(path: path, reason: reason)
        }
    }

    static func writing(_ path: String, _ failure: FileFailure) -> Y4MError {
        switch failure {
        case .notFound: return .writeFailed(path: path, reason: "directory does not exist")
        case let .failed(reason): return .writeFailed(path: path, reason: reason)
        }
    }
}
