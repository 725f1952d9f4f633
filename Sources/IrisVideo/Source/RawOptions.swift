/// The two options that describe headerless raw frames (`--size WxH --format i420`; `source.size` and
/// `source.format` in a pipeline file), and the refusals when a file request gives them wrongly.
///
///     throw RawOptions.size.incomplete("clip.yuv")   // "--size: … add --format …"
enum RawOptions {
    case size, format, both

    /// The options as the command line spells them, which a pipeline file's `source.size`/`source.format` mirror.
    var names: String {
        switch self {
        case .size: "--size"
        case .format: "--format"
        case .both: "--size and --format"
        }
    }

    /// Given for something that carries its own size and format.
    func refused(_ path: String, holds what: String) -> SourceError {
        let name = path == "-" ? "standard input" : path
        return .rawOptions(
            field: names,
            reason: "\(name) is \(what), which carries its own frame size and pixel format; "
                + "\(self == .both ? "they describe" : "it describes") headerless raw frames only: leave \(self == .both ? "them" : "it") out"
        )
    }

    /// Given for raw frames (or anything else) without its partner, or with a format raw frames cannot have.
    func incomplete(_ path: String) -> SourceError {
        let name = path == "-" ? "standard input" : path
        if path != "-", let container = try? Recording.signature(ofFileAt: path) {
            return refused(path, holds: container)
        }
        let formats = "i420, nv12, nv21 or yuyv"
        switch self {
        case .size:
            return .rawOptions(
                field: names, reason: "raw frames from \(name) need a pixel format too: add --format (\(formats))")
        case .format:
            return .rawOptions(field: names, reason: "raw frames from \(name) need a frame size too: add --size WxH")
        case .both:
            return .rawOptions(
                field: "--format", reason: "raw frames from \(name) must be YCbCr: --format \(formats)")
        }
    }
}
