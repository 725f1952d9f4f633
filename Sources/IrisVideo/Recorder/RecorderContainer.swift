/// The file format a recording is written in, chosen by the output's extension (unlike reading, which
/// goes by content: a new file has no content to go by).
///
///     let container = try RecorderContainer(path: "out.mkv")   // .matroska
public enum RecorderContainer: String, Sendable, CaseIterable {
    case mp4
    case matroska
    /// YUV4MPEG2, written by `Y4MWriter` without an encoder.
    case y4m

    public init(path: String) throws(RecorderError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? (name.split(separator: ".").last.map { $0.lowercased() } ?? "") : ""
        switch ext {
        case "mp4", "m4v", "mov": self = .mp4
        // WebM is Matroska restricted to VP8/VP9/AV1, none of which Iris encodes: refused, not mislabelled.
        case "mkv": self = .matroska
        case "y4m": self = .y4m
        default: throw .unsupportedContainer(path: path, extension: ext)
        }
    }

    /// libavformat's muxer name; nil for Y4M, which Iris writes itself.
    var muxerName: String? {
        switch self {
        case .mp4: return "mp4"
        case .matroska: return "matroska"
        case .y4m: return nil
        }
    }

    /// Codecs the container can hold. MP4 has no registered FFV1 mapping that players accept.
    public func allows(_ codec: RecorderCodec) -> Bool {
        switch self {
        case .mp4: return codec != .ffv1
        case .matroska: return true
        case .y4m: return false
        }
    }
}
