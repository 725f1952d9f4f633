/// Why a recording could not be started, fed or finished. Every case names the output file.
///
///     catch let error as RecorderError { print(error) }   // "out.mp4: the disk is full (…)"
public enum RecorderError: Error, Equatable, CustomStringConvertible {
    /// The file name's extension names no container Iris writes (.mp4, .mkv, .y4m).
    case unsupportedContainer(path: String, extension: String)
    /// The codec cannot go into that container (e.g. FFV1 in MP4).
    case codecNotAllowed(path: String, codec: String, container: String)
    /// No encoder for the codec in this libavcodec, or none of them opened.
    case encoderUnavailable(path: String, codec: String, reason: String)
    /// An option the encoder refused (a preset libx264 does not know, a negative bitrate…).
    case invalidOption(path: String, option: String, reason: String)
    /// A frame whose size or pixel format the recording cannot take; the recording goes on.
    case frameMismatch(path: String, frame: Int, reason: String)
    /// The file system ran out of space. The recording has stopped; the file was cut back to its last
    /// complete fragment (MP4), cluster (MKV) or frame (Y4M) and moved into place, or removed when it held
    /// no frame.
    case diskFull(path: String, reason: String)
    /// Any other write or encode failure. The recording has stopped, as for `diskFull`.
    case writeFailed(path: String, reason: String)
    /// `append` after the recording finished or failed.
    case notRecording(path: String)
    /// Another recording holds the path's lock (`RecorderReservation`); `holder` says which process and
    /// the temporary file it writes.
    case outputBusy(path: String, holder: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .unsupportedContainer(path, _), let .codecNotAllowed(path, _, _), let .encoderUnavailable(path, _, _),
            let .invalidOption(path, _, _), let .frameMismatch(path, _, _), let .diskFull(path, _),
            let .writeFailed(path, _), let .notRecording(path), let .outputBusy(path, _):
            return path
        }
    }

    /// Whether the recording stopped because of this error (a mismatched frame is only skipped).
    public var stopsRecording: Bool {
        switch self {
        case .frameMismatch: return false
        default: return true
        }
    }

    /// The description without the leading "path: ", for messages that name the file already.
    public var reason: String {
        let text = description
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }

    public var description: String {
        switch self {
        case let .unsupportedContainer(path, ext):
            let kind = ext.isEmpty ? "a file without an extension" : "\".\(ext)\" files"
            if ext == "webm" {
                return
                    "\(path): cannot record into .webm: WebM holds VP8, VP9 or AV1, which Iris does not encode (use .mkv)"
            }
            return "\(path): cannot record into \(kind): the extension picks the container (use .mp4, .mkv or .y4m)"
        case let .codecNotAllowed(path, codec, container): return "\(path): \(codec) cannot be stored in \(container)"
        case let .encoderUnavailable(path, codec, reason): return "\(path): no working \(codec) encoder (\(reason))"
        case let .invalidOption(path, option, reason): return "\(path): invalid \(option) (\(reason))"
        case let .frameMismatch(path, frame, reason): return "\(path): frame \(frame) skipped (\(reason))"
        case let .diskFull(path, reason): return "\(path): the disk is full; recording stopped (\(reason))"
        case let .writeFailed(path, reason): return "\(path): cannot write; recording stopped (\(reason))"
        case let .notRecording(path): return "\(path): the recording has already stopped"
        case let .outputBusy(path, holder):
            return "\(path): another recording is writing it (\(holder)); wait for it to finish or record elsewhere"
        }
    }
}
