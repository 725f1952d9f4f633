import ArgumentParser
import IrisPipeline
import IrisVideo

/// The recorder's options, the same in `run` and `record`.
struct RecordOptions: ParsableArguments {
    @Option(help: "Codec: h264, mjpeg or ffv1 (lossless; MKV only). Ignored for .y4m.") var codec: RecorderCodec?
    @Option(help: "Target bitrate in bits/s; k and M suffixes (4M, 800k). Default: quality-based.") var bitrate: String?
    @Option(help: "Frames between H.264 keyframes (default 60).") var gop: Int?
    @Option(help: "libx264 preset: ultrafast, superfast, veryfast (default), faster, fast, medium…") var preset: String?
    @Option(help: "A libavcodec encoder by name (e.g. libx264, h264_v4l2m2m) instead of the codec's default.") var encoder: String?

    func validate() throws {
        if let bitrate, Bitrate.parse(bitrate) == nil { throw ValidationError("bad --bitrate '\(bitrate)': use e.g. 4000000, 4M or 800k") }
        if let gop, gop < 1 { throw ValidationError("--gop must be at least 1") }
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
