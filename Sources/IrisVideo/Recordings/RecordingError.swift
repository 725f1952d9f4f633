/// Why a recording (Y4M, MP4, MKV, AVI…) could not be opened or read. Every case names the file.
///
///     catch let error as RecordingError { print(error) }   // "clip.mkv: truncated at frame 12 (…)"
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    /// Neither Y4M nor a video container Iris plays (a still image, a text file, random bytes).
    case notARecording(path: String, reason: String)
    /// A container with no video stream in it (audio only, subtitles only).
    case noVideoStream(path: String)
    /// A video stream this build cannot decode: no libavcodec decoder, or a Y4M layout with no `PixelFormat`.
    case unsupportedCodec(path: String, codec: String)
    /// The file ends inside frame `frame` (frames count from 0 within one pass through the file).
    case truncated(path: String, frame: Int, reason: String)
    /// Damaged data where frame `frame` should be.
    case corrupt(path: String, frame: Int, reason: String)
    /// Rewinding or looping a pipe, FIFO or standard input, whose bytes cannot be read twice.
    case cannotRewind(path: String)
    /// A pipe, FIFO or standard input that is not Y4M and came with no `RawVideoFormat`: MP4/MKV need a file.
    case unsupportedStream(path: String)
    /// A `RawVideoFormat` that describes no frame (a size or rate of zero, an odd YUYV width…).
    case invalidRawFormat(path: String, reason: String)
    /// A recording that ends before its first frame: a Y4M header with nothing after it, a container
    /// whose video stream holds no picture, an empty raw stream.
    case noFrames(path: String)
    /// A raw frame size and pixel format given for something that is not raw frames: a Y4M stream or a
    /// container (`container` names it), which carries its own size and format.
    case notRawFrames(path: String, container: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .fileNotFound(path), let .unreadable(path, _), let .notARecording(path, _), let .noVideoStream(path),
            let .unsupportedCodec(path, _), let .truncated(path, _, _), let .corrupt(path, _, _),
            let .cannotRewind(path), let .unsupportedStream(path), let .invalidRawFormat(path, _), let .noFrames(path),
            let .notRawFrames(path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case let .fileNotFound(path): return "\(path): no such file"
        case let .unreadable(path, reason): return "\(path): cannot read (\(reason))"
        case let .notARecording(path, reason): return "\(path): not a recording Iris plays (\(reason))"
        case let .noVideoStream(path): return "\(path): the file has no video stream"
        case let .unsupportedCodec(path, codec): return "\(path): cannot decode \(codec) video"
        case let .truncated(path, frame, reason): return "\(path): truncated at frame \(frame) (\(reason))"
        case let .corrupt(path, frame, reason): return "\(path): corrupt data at frame \(frame) (\(reason))"
        case let .cannotRewind(path):
            return "\(path): cannot rewind or loop a pipe or stream (only a file can be played again)"
        case let .unsupportedStream(path):
            return
                "\(path): a pipe or stream must carry Y4M, or raw frames with their size and pixel format given; MP4/MKV must be files"
        case let .invalidRawFormat(path, reason): return "\(path): invalid raw video format (\(reason))"
        case let .noFrames(path): return "\(path): holds no frames (nothing to play after its header)"
        case let .notRawFrames(path, container):
            return
                "\(path): is \(container), which carries its own frame size and pixel format; a raw size and format are only for headerless raw frames"
        }
    }
}

extension RecordingError {
    static func reading(_ path: String, _ failure: FileFailure) -> RecordingError {
        switch failure {
        case .notFound: return .fileNotFound(path: path)
        case let .failed(reason): return .unreadable(path: path, reason: reason)
        }
    }

    /// The recording-level view of a Y4M error; the Y4M wording survives in the reason.
    init(_ error: Y4MError) {
        switch error {
        case let .fileNotFound(path): self = .fileNotFound(path: path)
        case let .unreadable(path, reason): self = .unreadable(path: path, reason: reason)
        case let .badMagic(path): self = .notARecording(path: path, reason: "no YUV4MPEG2 signature")
        case let .unsupportedColorspace(path, tag): self = .unsupportedCodec(path: path, codec: "Y4M C\(tag)")
        case let .truncatedFrame(path, frame, expected, got):
            self = .truncated(
                path: path, frame: frame, reason: "\(got) of \(expected) bytes before the end of the file")
        case let .badFrameMarker(path, frame): self = .corrupt(path: path, frame: frame, reason: "no FRAME line")
        case let .missingHeaderField(path, _), let .malformedHeader(path, _):
            self = .corrupt(path: path, frame: 0, reason: error.description)
        case let .frameMismatch(path, _, reason), let .writeFailed(path, reason):
            self = .unreadable(path: path, reason: reason)
        case let .cannotRewind(path): self = .cannotRewind(path: path)
        }
    }
}
