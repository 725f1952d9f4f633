import ArgumentParser
import Foundation
import IrisPipeline
import IrisVideo

/// `iris record clip.mkv out.mp4 --filter 'CISepiaTone inputIntensity=0.8' --codec h264 --loop`
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract:
            "Render a recording or a camera through filters into a video file (H.264, MJPEG, FFV1 in MP4/MKV; or Y4M).",
        discussion: """
            The pipeline of `iris run` with a recording as its output. The container follows OUTPUT's extension: \
            .mp4, .mkv or .y4m. Frames keep their timestamps (variable frame rate survives, except in Y4M, which has \
            one rate). H.264 uses a V4L2 M2M encoder when the board has one (h264_v4l2m2m), else libx264 with the \
            zerolatency tune. Ctrl-C (SIGINT), SIGTERM or SIGHUP stop the recording and complete the file, which \
            stays playable. The recording keeps the frames' size; --preview fits them to the display.
            """)

    @Argument(
        help: """
            Input: a recording (Y4M, MP4, MKV, AVI), a camera (/dev/videoN, libcamera:N, auto), or - for a Y4M stream \
            on standard input.
            """)
    var input: String
    @Argument(help: "Output: .mp4, .mkv or .y4m.") var output: String
    @Option(name: .customLong("filter"), help: "A filter to apply, in order (repeatable).") var filters: [String] = []
    @Flag(help: "Encode the input's own YUV frames without rendering (no filters; for transcoding and benchmarks).")
    var raw = false
    @Flag(help: "No progress display.") var quiet = false
    @Flag(help: "Let libav print its own warnings and information (encoder settings and statistics).") var verbose =
        false
    @OptionGroup var recordOptions: RecordOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var previewOptions: PreviewOptions
    @OptionGroup var render: RenderOptions

    func validate() throws {
        if raw && !filters.isEmpty { throw ValidationError("--raw encodes frames as they are: it takes no --filter") }
        if raw && previewOptions.isGiven { throw ValidationError("--preview needs rendered frames: drop --raw") }
        try recordOptions.validate(path: output, option: "OUTPUT")
    }

    func run() throws {
        // libav's own lines would break the progress line and say less than Iris's errors, which name the file.
        LibAVLogging.level = verbose ? .info : .quiet
        do {
            var config = PipelineConfiguration(source: sourceOptions.request(path: input))
            config.filters = try PipelineConfiguration.filters(parsing: filters, field: "--filter")
            config.record = recordOptions.output(path: output)
            config.passthrough = raw
            try previewOptions.apply(to: &config, displayFallback: nil)
            limits.apply(to: &config)
            render.apply(to: &config)
            let summary = try PipelineReport.run(config, quiet: quiet)
            if let line = PipelineReport.recordingLine(summary) { print(line) }
            if let display = summary.display { print("preview: \(display)") }
            let recordingErrors = summary.errors.filter {
                if case .recording = $0 { return true }
                return false
            }
            if !recordingErrors.isEmpty && summary.display != nil {
                throw CLIError.message(
                    recordingErrors.map { "recording stopped: \($0); the preview went on" }.joined(separator: "\n"))
            }
            try summary.failIfErrors()
        } catch {
            throw CLIError(error)
        }
    }
}
