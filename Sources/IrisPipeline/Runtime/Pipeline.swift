import Foundation
import IrisCore
import IrisDetect
import IrisGLES
import IrisVideo

/// The live pipeline: a camera, a recording or standard input → filters → detector overlays → a DRM/KMS
/// preview, a recording and detection events, each stage (`PipelineStage`) on its own thread, joined by
/// bounded queues between their ports whose policies say what happens when a stage falls behind
/// (`StageGraph`, `startStages` and the README):
///
///     capture ─┬─► render ─┬─► display (newest frame only)
///              │           └─► recorder (never drops)
///              └─► detectors (every Nth frame) ─► overlays of later frames, events
///
/// A stop (a signal, a limit, the end of the source) drains the queues, finishes the recording and restores
/// the display before `run` returns.
///
///     let summary = try Pipeline(configuration: config).run()
///     print(summary.metrics.framesRecorded)
public final class Pipeline: Sendable {
    public let configuration: PipelineConfiguration

    public init(configuration: PipelineConfiguration) throws(PipelineError) {
        self.configuration = try configuration.validated()
    }

    /// Runs until the source ends, a limit is reached or `stop` is requested. Throws when the run cannot
    /// start (a missing or busy device, a bad recording, a named display that fails, an unwritable events
    /// file); errors during the run (a camera unplugged, a full disk) end up in the summary's `errors`, with
    /// every output finished. `status` is called about every `statusInterval` from the calling thread, and
    /// `warning` once for each warning the start-up gave (an `auto` preview that found no display).
    ///
    /// `outputs` follow the run outside its threads (IrisWeb's `WebPreviewServer` for each of the
    /// configuration's `webPreviews`, IrisMQTT's `MQTTPublisher` for its `publish`): each is attached before
    /// the first frame and finished, after the "no signal" frame and the last object's end, before `run` returns.
    public func run(
        stop: StopRequest = StopRequest(), statusInterval: Duration = .milliseconds(250),
        status: ((MetricsSnapshot) -> Void)? = nil,
        warning: ((String) -> Void)? = nil,
        outputs: [any LiveOutput] = []
    ) throws(PipelineError) -> PipelineSummary {
        var config = configuration
        config.source = try config.source.resolvingAutomatic()
        // However the run ends, even at start-up, the outputs finish before `run` returns; a run that ends
        // normally finishes them before its last figures, so those count what they delivered.
        var outputsFinished = false
        defer { if !outputsFinished { outputs.forEach { $0.finish() } } }
        // Baked cubes still being written to the cache folder are finished before the run returns.
        defer { BakedCubeStore.waitForWrites() }
        let served = Set(outputs.map(\.configuredAs))
        if let unserved = config.webPreviews.first(where: { !served.contains($0.configuredAs) }) {
            throw .configuration(
                field: "preview",
                reason: "\(unserved.url()) needs a server: pass IrisWeb's WebPreviewServer for it to run(outputs:)")
        }
        if let publish = config.publish, !served.contains(publish.url) {
            throw .configuration(
                field: "publish",
                reason: "\(publish.url) needs a publisher: pass IrisMQTT's MQTTPublisher for it to run(outputs:)")
        }
        var options = Context.Options()
        options.outputFormat = .bgra8  // XRGB8888's byte order: shown by the display and encoded as it is
        options.colorManagement = config.colorManagement
        options.fusion = config.fusion
        options.maximumTextureSize = config.maximumTextureSize
        options.oversized = config.oversized
        if config.printTree { options.printTree = true }
        options.limits = config.limits
        options.bakedCubes = config.bakedCubes
        let (context, note) = try config.renderer.makeContext(options: options)
        var rendererNote = note
        let specs = config.filters
        let detectors = try DetectorSet(
            types: config.detection.types, options: config.detection.detectorOptions,
            faceOptions: config.detection.faceDetectorOptions, featureOptions: config.detection.featureOptions,
            codeMemory: config.detection.codeMemory)
        let live = config.source.isCamera || config.source.realTime
        let services = StageServices(stop: stop)
        let chain = LiveChain(specs)

        // The outputs are claimed before the source opens: a second writer or a wrong path fails here, at
        // once, not after the whole run. What a failed start claimed is given back, leaving no partial file.
        var reservation: RecorderReservation?
        if let record = config.record {
            do { reservation = try RecorderReservation(path: record.path) } catch {
                throw .recording(path: record.path, reason: error.reason)
            }
            for leftover in reservation?.leftovers ?? [] {
                services.warn(
                    "\(record.path): \(leftover) is left from an earlier recording that was killed; "
                        + "it plays up to about a second before the kill (rename it to keep it)")
            }
        }
        let events: EventsWriter?
        var metricsFile: OutputFile?
        do throws(PipelineError) {
            events = try config.eventsPath.flatMap { path throws(PipelineError) in
                detectors.isEmpty
                    ? nil : try EventsWriter(path: path, coordinates: config.eventCoordinates, latch: stop.latch)
            }
            if let path = config.metricsPath {
                do { metricsFile = try OutputFile(path: path, latch: stop.latch) } catch {
                    throw .output(path: path, reason: error.reason)
                }
            }
        } catch {
            reservation?.discard()
            throw error
        }

        let graph = StageGraph(services: services)
        let started: StartedStages
        do {
            started = try startStages(
                graph, config: config, live: live, context: context, options: options, chain: chain,
                detectors: detectors, events: events, reservation: reservation, outputs: outputs)
        } catch {
            reservation?.discard()
            throw error
        }
        if started.scanout != nil { rendererNote += ", preview rendered into GBM scanout buffers" }
        graph.release()
        // Start-up warnings (no display for `auto`) are said once, now, not at the end.
        services.warnings.forEach { warning?($0) }

        // The calling thread reports status until every stage has finished.
        let finished = DispatchSemaphore(value: 0)
        let threads = graph.threads
        let waiter = Thread {
            threads.forEach { $0.join() }
            finished.signal()
        }
        waiter.start()
        let intervalNanoseconds = Int(PipelineMetrics.seconds(statusInterval) * 1e9)
        while finished.wait(timeout: .now() + .nanoseconds(max(intervalNanoseconds, 1_000_000))) == .timedOut {
            status?(services.snapshot(expectedFrames: started.expectedFrames))
        }

        started.view?.end(reason: services.stoppedBy ?? "end of source")
        outputs.forEach { $0.finish() }
        outputsFinished = true
        let metrics = services.snapshot(expectedFrames: started.expectedFrames)
        if let metricsFile { try writeMetrics(metrics, to: metricsFile, services: services) }
        return PipelineSummary(
            metrics: metrics, renderer: rendererNote, source: started.source.name, display: started.display,
            recording: started.recordingOutcome?.value, eventsPath: config.eventsPath,
            metricsPath: config.metricsPath, webPreviews: outputs.filter { $0 is any PreviewServer }.map(\.url),
            stoppedBy: services.stoppedBy, errors: services.errors, warnings: services.warnings)
    }

    /// What starting the stages learnt.
    private struct StartedStages {
        let source: SourceInfo
        let expectedFrames: Int?
        let view: LiveView?
        /// The display shown on, nil without a preview.
        let display: String?
        let scanout: GLESScanoutRenderer?
        let recordingOutcome: StageOutcome<RecordingOutcome>?
    }

    /// Wires the run's graph and starts its stages, each opening its device on its own thread before the
    /// next starts: the capture (so the source's rate and length are known), the web previews' stage, the
    /// display (whose card may render the preview), the detectors, the recorder, and last the render stage,
    /// whose outputs are connected to whichever of them run. The queues' policies:
    ///
    /// - capture → render: files block (nothing lost); cameras drop the oldest, so capture never waits.
    /// - capture → detectors, every Nth frame: files block; cameras drop the newest while the detectors are busy.
    /// - render → display and render → web previews: one slot, the oldest dropped, so they show the newest frame.
    /// - render → recorder: blocks, so the recording drops nothing by itself.
    private func startStages(
        _ graph: StageGraph, config: PipelineConfiguration, live: Bool, context: Context, options: Context.Options,
        chain: LiveChain, detectors: DetectorSet, events: EventsWriter?, reservation: RecorderReservation?,
        outputs: [any LiveOutput]
    ) throws(PipelineError) -> StartedStages {
        let services = graph.services
        let toRender = try graph.connect(
            CaptureStage.frames, to: RenderStage.frames, queue: "render", capacity: live ? 2 : 4,
            policy: live ? .dropOldest : .block)
        let toDetect =
            detectors.isEmpty
            ? nil
            : try graph.connect(
                CaptureStage.frames, to: DetectStage.frames, queue: "detect", capacity: live ? 1 : 3,
                policy: live ? .dropNewest : .block)
        let board = detectors.isEmpty ? nil : DetectionBoard()
        let source = try graph.start(
            CaptureStage(
                settings: CaptureStage.Settings(
                    source: config.source, frameLimit: config.frameLimit, durationLimit: config.durationLimit,
                    detectionEvery: config.detection.every, detectsEveryFrame: config.detection.followsEveryFrame),
                services: services, frames: OutputPort([toRender]), detections: OutputPort(toDetect.map { [$0] } ?? []),
                board: board))

        let expected = SourceLength.expectedFrames(
            declared: source.expectedFrames, frameLimit: config.frameLimit,
            durationLimit: config.durationLimit, frameDuration: source.nominalFrameDuration)
        var pictureEdges: [BoundedQueue<RenderedFrame>] = []
        var view: LiveView?
        if !outputs.isEmpty {
            let webRate = config.webFrameRate ?? source.nominalFrameDuration.map { 1 / $0 } ?? 30
            let live = LiveView(
                chain: chain, metrics: services.metrics, coordinates: config.eventCoordinates,
                maximumFrameRate: min(max(webRate, 1), 240), cameraName: config.cameraName
            ) { [services] in
                MetricsReport(
                    metrics: services.snapshot(expectedFrames: expected), errors: services.errors.map(\.description),
                    warnings: services.warnings)
            }
            let toWeb = try graph.connect(
                RenderStage.pictures, to: LiveViewStage.pictures, queue: "web", capacity: 1, policy: .dropOldest)
            try graph.start(LiveViewStage(view: live, pictures: InputPort(toWeb)))
            pictureEdges.append(toWeb)
            outputs.forEach { $0.attach(live) }
            view = live
        }

        var display: DisplayInfo?
        var previewEdge: BoundedQueue<PreviewFrame>?
        if let preview = config.preview {
            let toDisplay = try graph.connect(
                RenderStage.preview, to: DisplayStage.frames, queue: "display", capacity: 1, policy: .dropOldest)
            // A GLES run renders its preview on the display's own card, into buffers the display flips to.
            let scanoutOptions =
                context.renderer is GLESRenderer
                ? GLESRenderer.Options(maximumTextureSize: options.maximumTextureSize) : nil
            display = try graph.start(
                DisplayStage(
                    output: preview, scanoutOptions: scanoutOptions, services: services, frames: InputPort(toDisplay)))
            if display?.description != nil { previewEdge = toDisplay }
        }
        let scanout = display?.scanout
        let previewing = previewEdge != nil, serving = view != nil

        if let toDetect, let board {
            try graph.start(
                DetectStage(
                    settings: DetectStage.Settings(
                        every: config.detection.every, eventsKind: config.eventsKind, cameraName: config.cameraName,
                        eventCoordinates: config.eventCoordinates, objects: config.objects),
                    services: services, detectors: detectors, frames: InputPort(toDetect), board: board,
                    events: events, view: view))
        }
        var recordEdge: BoundedQueue<RenderedFrame>?
        var recorder: RecordStage?
        if let record = config.record, let reservation {
            let toRecorder = try graph.connect(
                RenderStage.recording, to: RecordStage.pictures, queue: "record", capacity: 8, policy: .block)
            let stage = RecordStage(
                settings: RecordStage.Settings(
                    output: record, nominalFrameDuration: source.nominalFrameDuration,
                    passthrough: config.passthrough, previewing: previewing || serving),
                services: services, pictures: InputPort(toRecorder), reservation: reservation)
            try graph.start(stage)
            recordEdge = toRecorder
            recorder = stage
        }
        // One GL context renders the preview and the recording: the display card's, when it has scanout buffers.
        let renderContext =
            scanout.map { Context(renderer: $0.renderer, fallback: context.fallback, options: options) } ?? context
        try graph.start(
            RenderStage(
                settings: RenderStage.Settings(
                    passthrough: config.passthrough, overlays: config.overlays && !detectors.isEmpty,
                    overlayStyle: config.overlayStyle, colorManagement: config.colorManagement,
                    autoEnhance: config.autoEnhance, detectionEvery: config.detection.every,
                    detectsFaces: config.detection.types.contains(.face),
                    recordsOverlays: config.record?.overlays ?? true,
                    recordingColorimetry: config.record?.recorderOptions.effectiveColorimetry ?? .default),
                services: services, context: renderContext, scanout: previewing ? scanout : nil, chain: chain,
                frames: InputPort(toRender), detections: board, preview: OutputPort(previewEdge.map { [$0] } ?? []),
                pictures: OutputPort(pictureEdges), recording: OutputPort(recordEdge.map { [$0] } ?? [])))
        return StartedStages(
            source: source, expectedFrames: expected, view: view, display: display?.description, scanout: scanout,
            recordingOutcome: recorder?.outcome)
    }

    private func writeMetrics(
        _ metrics: MetricsSnapshot, to file: OutputFile, services: StageServices
    ) throws(PipelineError) {
        let bytes: [UInt8]
        do {
            bytes = try MetricsReport(
                metrics: metrics, errors: services.errors.map(\.description), warnings: services.warnings
            ).json()
        } catch {
            throw .output(path: file.path, reason: "the metrics could not be encoded as JSON")
        }
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            throw .output(path: file.path, reason: error.reason)
        }
    }
}

/// What a run did: its figures, what it ran on, where its outputs are, why it stopped, and what went wrong.
public struct PipelineSummary: Sendable {
    public let metrics: MetricsSnapshot
    /// The renderer used, and why when `auto` chose it.
    public let renderer: String
    public let source: String
    /// The display shown on, nil when there was no preview.
    public let display: String?
    public let recording: RecordingOutcome?
    public let eventsPath: String?
    public let metricsPath: String?
    /// The web previews' URLs (with the token).
    public let webPreviews: [String]
    /// "end of source", "frame limit", "duration limit", a signal's name, or an error's stage.
    public let stoppedBy: String?
    /// Errors during the run; every output was still finished.
    public let errors: [PipelineError]
    public let warnings: [String]
}
