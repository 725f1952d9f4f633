import ArgumentParser
import Foundation
import IrisCore
import IrisFilters
import IrisDetect
import IrisPipeline
import IrisVideo

/// `iris run [--source /dev/video0|FILE|-] [--filter …] [--detect qr,face] [--preview auto] [--record out.mp4]
/// [--events e.jsonl] [--coordinates top-left]`
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "The live pipeline: camera or recording → filters → detector overlays → preview, recording and events.",
        discussion: """
            Each stage runs on its own thread: capture → render → (display, recorder), with the detectors on every \
            Nth frame's luma plane beside them. The preview shows the newest frame (stale ones are dropped), the \
            recorder drops nothing, and a camera is never held up (frames it had to drop are counted). Ctrl-C, \
            SIGTERM or SIGHUP drain the queues, finish the recording and restore the display.

            With no --source (and none in --config), runs the bundled recording through a default chain and all \
            three detectors, and writes recording.mp4, events.jsonl and metrics.json into --output-dir.

            --config FILE.json describes a whole pipeline (schema in the README); options given here override it.
            """)

    @Option(
        help: """
            A camera (/dev/videoN, libcamera:N, or auto: the first camera found, else the bundled recording), a \
            recording (Y4M, MP4, MKV, AVI), or - for a Y4M stream on standard input.
            """)
    var source: String?
    @Option(help: "A pipeline JSON file (source, filters, detect, preview, record, events, metrics, frames, duration).")
    var config: String?
    @Option(
        name: .customLong("filter"),
        help: "A filter to apply, in order (repeatable), e.g. 'CISepiaTone inputIntensity=0.8'.")
    var filters: [String] = []
    @Option(help: "A filter chain JSON file: an array of filters as text or {\"name\": …, \"inputs\": {…}}.") var chain:
        String?
    @Option(help: "Run the detectors on every Nth frame (default 3); overlays follow the latest result.")
    var detectEvery: Int?
    @Option(
        parsing: .unconditional,
        help: "Smallest feature, as a fraction of the shorter side (0…1); faces default to 0.05.") var minSize: Double?
    @OptionGroup var faceLandmarks: FaceLandmarkArguments
    @Flag(help: "Faces: follow each face on every frame by its landmarks between detections (a few ms a face).")
    var followFaces = false
    @Option(help: "Record to a file: .mp4, .mkv or .y4m.") var record: String?
    @Option(
        help:
            "Write detection events as JSON lines to this file: one per detected frame, or per object event with --events-kind objects."
    )
    var events: String?
    @Option(
        help:
            "What --events holds: frames (a line per detected frame; default) or objects (tracked objects' new, update and end)."
    )
    var eventsKind: EventsKind?
    @Option(help: "The events' coordinates: bottom-left (Core Image's, y up; default) or top-left (OpenCV's, y down).")
    var coordinates: CoordinateConvention?
    @Option(help: "Write the run's metrics as JSON to this file when it ends.") var metrics: String?
    @Option(help: "Where the default run (no --source) writes its recording, events and metrics.") var outputDir:
        String = "iris-run"
    @Flag(help: "Draw no detector results into the picture.") var noOverlays = false
    @Flag(help: "Leave detector results out of the recording (the preview keeps them).") var noRecordOverlays = false
    @Flag(help: "No status line or summary on standard error.") var quiet = false
    @Flag(help: "Let libav print its own warnings and information.") var verbose = false
    @OptionGroup var detectors: DetectorChoiceOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var previewOptions: PreviewOptions
    @OptionGroup var publishOptions: PublishOptions
    @OptionGroup var recordOptions: RecordOptions
    @OptionGroup var render: RenderOptions
    @OptionGroup var autoAdjust: AutoEnhanceOptions

    func validate() throws {
        if let detectEvery, detectEvery < 1 { throw ValidationError("--detect-every must be at least 1") }
        if let minSize, !(minSize >= 0 && minSize <= 1) {
            throw ValidationError("--min-size must be a fraction of the shorter side between 0 and 1, got \(minSize)")
        }
        if let record { try recordOptions.validate(path: record, option: "--record") }
    }

    func run() throws {
        LibAVLogging.level = verbose ? .info : .quiet
        do {
            let configuration = try makeConfiguration()
            let summary = try PipelineReport.run(configuration, quiet: quiet)
            print("source: \(summary.source) (renderer \(summary.renderer))")
            if let display = summary.display { print("preview: \(display)") }
            for url in summary.webPreviews { print("web preview: \(url)") }
            if let publish = summary.metrics.publish, let url = configuration.publish?.url {
                print(
                    "published: \(url) (\(publish.eventsAcknowledged) of \(publish.events) events acknowledged, \(publish.eventsDropped) dropped)"
                )
            }
            if let line = PipelineReport.recordingLine(summary) { print("recording: \(line)") }
            if let events = summary.eventsPath {
                print(
                    "events: \(events) (\(summary.metrics.framesDetected) detected frames, \(summary.metrics.features) features)"
                )
            }
            if let metrics = summary.metricsPath { print("metrics: \(metrics)") }
            if summary.recording == nil, let reason = summary.stoppedBy { print("stopped by \(reason)") }
            try summary.failIfErrors()
        } catch {
            throw CLIError(error)
        }
    }

    /// The pipeline file (if any), then these options over it; with no source anywhere, the bundled job.
    func makeConfiguration() throws -> PipelineConfiguration {
        var config =
            try self.config.map { try PipelineConfiguration(contentsOf: $0) }
            ?? PipelineConfiguration(source: SourceRequest(path: ""))
        // Only a run given no pipeline file and no --source plays the bundled demo; a file without a source
        // (or with an empty one) is refused by validated(), naming source.path.
        let bundled = source == nil && self.config == nil
        let path = try source ?? (bundled ? BundledRecording.path() : config.source.path)
        config.source = sourceOptions.request(path: path, base: config.source)
        if let chain { config.filters = try PipelineConfiguration.chain(contentsOf: chain) }
        if !filters.isEmpty {
            let given = try PipelineConfiguration.filters(parsing: filters, field: "--filter")
            config.filters = (chain == nil ? [] : config.filters) + given
        }
        if detectors.chosenList != nil { config.detection.types = detectors.types(default: []) }
        if let detectEvery { config.detection.every = detectEvery }
        if let accuracy = detectors.accuracy { config.detection.accuracy = accuracy }
        if let symbologies = detectors.chosenSymbologies { config.detection.symbologies = symbologies }
        if let remember = detectors.rememberCodes { config.detection.rememberCodes = remember }
        if let minSize { config.detection.minimumFeatureSize = minSize }
        faceLandmarks.apply(to: &config.detection)
        if followFaces { config.detection.followFaces = true }
        if let record {
            config.record = recordOptions.output(path: record, base: config.record)
        } else if let existing = config.record {
            config.record = recordOptions.output(path: existing.path, base: existing)
        }
        if let events { config.eventsPath = events }
        if let eventsKind { config.eventsKind = eventsKind }
        try publishOptions.apply(to: &config)
        if let coordinates { config.eventCoordinates = coordinates }
        if let metrics { config.metricsPath = metrics }
        if noOverlays { config.overlays = false }
        if noRecordOverlays { config.record?.overlays = false }
        limits.apply(to: &config)
        autoAdjust.apply(to: &config)
        render.apply(to: &config)
        try previewOptions.apply(to: &config, displayFallback: self.config == nil ? PreviewOutput() : config.preview)
        if bundled { try applyBundledDefaults(to: &config) }
        // The pipeline refuses outputs that are the source; the files given here are inputs too.
        try config.checkOutputs(otherInputs: [self.config, chain].compactMap { $0 })
        return config
    }

    /// The main job on the bundled recording: a default chain, every detector, and every output in one folder.
    private func applyBundledDefaults(to config: inout PipelineConfiguration) throws {
        if filters.isEmpty && chain == nil && config.filters.isEmpty { config.filters = Self.defaultChain }
        if detectors.chosenList == nil && config.detection.types.isEmpty {
            config.detection.types = [.qrCode, .face, .rectangle]
        }
        try OutputFolder.create(outputDir)
        func inFolder(_ name: String) -> String { (outputDir as NSString).appendingPathComponent(name) }
        if config.record == nil { config.record = recordOptions.output(path: inFolder("recording.mp4")) }
        if config.eventsPath == nil { config.eventsPath = inFolder("events.jsonl") }
        if config.metricsPath == nil { config.metricsPath = inFolder("metrics.json") }
    }

    static let defaultChain: [FilterSpec] = [
        .colorControls(saturation: 1.15, contrast: 1.05), .vibrance(amount: 0.3), .vignette(intensity: 0.6, radius: 1.2)
    ]
}
