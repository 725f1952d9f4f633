import ArgumentParser
import Dispatch
import Foundation
import IrisCore
import IrisVideo
import Synchronization

/// `iris record clip.mkv out.mp4 --filter 'CISepiaTone inputIntensity=0.8' --codec h264 --loop`
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Render a recording through filters into a video file (H.264, MJPEG, FFV1 in MP4/MKV; or Y4M).",
        discussion: """
        The container follows OUTPUT's extension: .mp4, .mkv or .y4m. Frames keep their timestamps \
        (variable frame rate survives, except in Y4M, which has one rate). H.264 uses a V4L2 M2M encoder \
        when the board has one (h264_v4l2m2m), else libx264 with the zerolatency tune. \
        Ctrl-C (SIGINT) or SIGTERM stops the recording and completes the file, which stays playable. \
        Progress (frames, fps, dropped) goes to standard error.
        """)

    @Argument(help: "Input recording (Y4M, MP4, MKV, AVI).") var input: String
    @Argument(help: "Output: .mp4, .mkv or .y4m.") var output: String
    @Option(name: .customLong("filter"), help: "A filter to apply, in order (repeatable).") var filters: [String] = []
    @Option(help: "Codec: h264, mjpeg or ffv1 (lossless; MKV only). Ignored for .y4m.") var codec: RecorderCodec = .h264
    @Option(help: "Target bitrate in bits/s; k and M suffixes (4M, 800k). Default: quality-based.") var bitrate: String?
    @Option(help: "Frames between H.264 keyframes.") var gop: Int = 60
    @Option(help: "libx264 preset: ultrafast, superfast, veryfast, faster, fast, medium…") var preset: String = "veryfast"
    @Option(help: "A libavcodec encoder by name (e.g. libx264, h264_v4l2m2m) instead of the codec's default.") var encoder: String?
    @Option(help: "Stop after this many frames.") var frames: Int?
    @Option(help: "Stop after this many seconds of the recording's time.") var duration: Double?
    @Flag(help: "Start the input again at its end (stop with --frames, --duration or Ctrl-C).") var loop = false
    @Flag(help: "Deliver input frames at their timestamps, as a camera would.") var realtime = false
    @Flag(help: "Encode the input's own YUV frames without rendering (no filters; for transcoding and benchmarks).") var raw = false
    @Flag(help: "No progress display.") var quiet = false
    @Flag(help: "Let libav print its own information (encoder settings and statistics).") var verbose = false
    @OptionGroup var render: RenderOptions

    @Option(help: ArgumentHelp("Also show each frame on a DRM/KMS display: a card such as /dev/dri/card0, or 'auto'.",
                               discussion: "The frame is rendered once, letterboxed to the display's mode, and the same buffer is shown and recorded. If recording fails (a full disk), the preview goes on and the error is reported at the end."))
    var preview: String?

    @Option(help: "The preview's mode, WxH or WxH@Hz (default: the connector's preferred mode).")
    var previewMode: String?

    func validate() throws {
        if raw && !filters.isEmpty { throw ValidationError("--raw encodes frames as they are: it takes no --filter") }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
        if let bitrate, Self.parseBitrate(bitrate) == nil { throw ValidationError("bad --bitrate '\(bitrate)': use e.g. 4000000, 4M or 800k") }
    }

    func run() throws {
        let stop = RecordStopSignals()
        LibAVLogging.level = verbose ? .info : .warnings
        do {
            try record(stop: stop)
        } catch {
            throw CLIError(error)
        }
    }

    private func record(stop: RecordStopSignals) throws {
        let source = try Recording(path: input, looping: loop, pacing: realtime ? .realTime : .asFastAsPossible)
        let specs = try filters.map { spec throws(FilterError) in try FilterSpecParser.parse(spec) }
        // The preview shows XRGB8888 (bgra8 in memory): the recorder takes that same buffer.
        let context = raw ? nil : try render.makeContext(outputFormat: .bgra8)
        guard var frame = try source.nextFrame() else { throw CLIError.message("\(input) has no frames") }
        if preview != nil && raw { throw CLIError.message("--preview needs rendered frames: drop --raw") }
        let mode = try previewMode.map { text in
            guard let parsed = ModeRequest(text) else { throw CLIError.message("--preview-mode \(text): expected WxH or WxH@Hz, e.g. 1280x720") }
            return parsed
        }
        let display = try preview.map { card throws(DisplayError) in try Display(card: card == "auto" ? nil : card, mode: mode) }
        defer { display?.close() }
        var recordingFailure: (any Error)?

        var recorder: Recorder?
        var progress = RecordProgress(quiet: quiet)
        var lastSequence = frame.sequence - 1
        var dropped = 0
        var shownFrames = 0
        let firstTimestamp = frame.timestamp
        while true {
            var image = try Image(frame: frame).applyingFilters(specs)
            if let display { image = image.letterboxed(width: display.width, height: display.height) }
            let picture = try context.map { try $0.render(image) } ?? frame.buffer
            // Render once: the preview shows the very buffer the recorder encodes.
            try display?.show(picture)
            if recorder == nil {
                var options = RecorderOptions(codec: codec, bitrate: bitrate.flatMap(Self.parseBitrate), gop: gop,
                                              preset: preset, encoderName: encoder)
                if raw { options.colorimetry = frame.colorimetry }
                if let nominal = source.nominalFrameDuration, nominal > 0 { options.nominalFrameRate = max(1, Int((1 / nominal).rounded())) }
                recorder = try Recorder(path: output, width: picture.width, height: picture.height, options: options)
            }
            guard let recorder else { break }
            dropped += max(0, frame.sequence - lastSequence - 1)
            lastSequence = frame.sequence
            if recordingFailure == nil {
                switch Result(catching: { try recorder.append(picture, timestamp: frame.timestamp) }) {
                case let .success(written): if !written { dropped += 1 }
                case let .failure(error):
                    guard display != nil else { throw error }
                    // The preview goes on; the recording has stopped with a typed error naming the file.
                    recordingFailure = error
                    FileHandle.standardError.write(Data("recording stopped: \(error); the preview goes on (Ctrl-C to end)\n".utf8))
                }
            }
            progress.update(frames: recorder.framesWritten, dropped: dropped)
            shownFrames += 1

            if let frames, (recordingFailure == nil ? recorder.framesWritten : shownFrames) >= frames { break }
            if let duration, frame.timestamp - firstTimestamp >= duration { break }
            if stop.requested != nil { break }
            guard let next = try source.nextFrame() else { break }
            frame = next
        }
        guard let recorder else { return }
        if let recordingFailure { throw recordingFailure }
        try recorder.finish()
        progress.finish(frames: recorder.framesWritten, dropped: dropped)
        let last = recorder.lastTimestamp.map { String(format: ", last at %.3f s", $0) } ?? ""
        let reason = stop.requested.map { " (stopped by \($0))" } ?? ""
        print("\(output): \(recorder.framesWritten) frames\(last), \(recorder.encoderName), \(recorder.width)×\(recorder.height)\(reason)")
    }

    /// "4000000", "4M", "800k" as bits per second.
    static func parseBitrate(_ text: String) -> Int? {
        let lower = text.lowercased()
        let scale = lower.hasSuffix("m") ? 1_000_000.0 : lower.hasSuffix("k") ? 1_000.0 : 1.0
        let number = scale == 1 ? lower : String(lower.dropLast())
        guard let value = Double(number), value > 0 else { return nil }
        return Int(value * scale)
    }
}

extension RecorderCodec: ExpressibleByArgument {}

/// SIGINT and SIGTERM ask the record loop to stop, so the file is finished, not cut: the default actions
/// are turned off and dispatch sources note the signal on a queue of their own.
final class RecordStopSignals {
    /// The first signal's name, written on the signal queue and read by the record loop.
    private final class Received: Sendable { let name = Mutex<String?>(nil) }
    private let received = Received()
    private let sources: [any DispatchSourceSignal]

    init() {
        let queue = DispatchQueue(label: "iris.record.signals")
        let received = self.received
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { received.name.withLock { if $0 == nil { $0 = name } } }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }

    /// The signal that asked for the stop, nil while none has.
    var requested: String? { received.name.withLock { $0 } }
}

/// The progress line on standard error: frames, frames per second, dropped. On a terminal it rewrites
/// one line; otherwise it prints a line a second, for logs.
struct RecordProgress {
    let quiet: Bool
    private let start = ContinuousClock.now
    private var lastShown = ContinuousClock.now
    private let terminal = isatty(STDERR_FILENO) != 0

    init(quiet: Bool) { self.quiet = quiet }

    mutating func update(frames: Int, dropped: Int) {
        let now = ContinuousClock.now
        guard !quiet, now - lastShown >= (terminal ? .milliseconds(250) : .seconds(1)) else { return }
        lastShown = now
        show(frames: frames, dropped: dropped, end: terminal ? "\r" : "\n")
    }

    func finish(frames: Int, dropped: Int) {
        guard !quiet else { return }
        show(frames: frames, dropped: dropped, end: "\n")
    }

    private func show(frames: Int, dropped: Int, end: String) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let fps = seconds > 0 ? Double(frames) / seconds : 0
        let line = String(format: "frames %d  fps %.1f  dropped %d  %.1f s", frames, fps, dropped, seconds)
        FileHandle.standardError.write(Data((line + end).utf8))
    }
}
