import ArgumentParser
import IrisPipeline
import IrisVideo

/// The recorder's options, the same in `run` and `record`.
struct RecordOptions: ParsableArguments {
    @Option(help: "Codec: h264, mjpeg or ffv1 (lossless; MKV only). Ignored for .y4m.") var codec: RecorderCodec?
    @Option(
        parsing: .unconditional, help: "Target bitrate in bits/s; k and M suffixes (4M, 800k). Default: quality-based.")
    var bitrate: String?
    @Option(parsing: .unconditional, help: "Frames between H.264 keyframes (default 60).") var gop: Int?
    @Option(help: "libx264 preset: ultrafast, superfast, veryfast (default), faster, fast, medium…") var preset: String?
    @Option(help: "A libavcodec encoder by name (e.g. libx264, h264_v4l2m2m) instead of the codec's default.")
    var encoder: String?

    func validate() throws {
        if let bitrate, case let .failure(error) = Bitrate.check(bitrate) {
            throw ValidationError("--bitrate \(error)")
        }
        if let gop, gop < 1 { throw ValidationError("--gop must be at least 1 frame, got \(gop)") }
    }

    /// The container, codec and encoder of a recording to `path` (`option` names where the path came from:
    /// OUTPUT or --record), checked before anything runs: `.webm`, `/dev/null`, FFV1 in MP4, an encoder of
    /// another codec are usage errors.
    func validate(path: String, option: String, base: RecordOutput? = nil) throws {
        let output = self.output(path: path, base: base)
        let options = RecorderOptions(
            codec: output.codec, bitrate: output.bitrate, gop: output.gop, preset: output.preset,
            encoderName: output.encoder)
        do { try Recorder.check(path: path, options: options) } catch {
            switch error {
            case .invalidOption(_, let what, let reason) where what.hasPrefix("encoder"):
                throw ValidationError("--encoder \(output.encoder ?? ""): \(reason)")
            case .codecNotAllowed:
                throw ValidationError("--codec \(output.codec.rawValue) with \(option) \(error)")
            default:
                throw ValidationError("\(option) \(error)")
            }
        }
    }

    /// These options on a recording to `path`; unset options keep what `base` says.
    func output(path: String, base: RecordOutput? = nil) -> RecordOutput {
        var output = base ?? RecordOutput(path: path)
        output.path = path
        if let codec { output.codec = codec }
        if let bitrate { output.bitrate = Bitrate.parse(bitrate) }
        if let gop { output.gop = gop }
        if let preset { output.preset = preset }
        if let encoder { output.encoder = encoder }
        return output
    }
}

extension RecorderCodec: ExpressibleByArgument {}
