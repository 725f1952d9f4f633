import Foundation
import IrisCore
import IrisDetect
import IrisGLES
import IrisVideo

/// The live pipeline: a camera, a recording or standard input → filters → detector overlays → a DRM/KMS
/// preview, a recording and detection events, each stage on its own thread, joined by bounded queues
/// whose policies say what happens when a stage falls behind (see `RunState` and the README):
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
        options.limits = config.limits
        var (context, rendererNote) = try config.renderer.makeContext(options: options)
        let specs = config.filters
        let detectors = try DetectorSet(
            types: config.detection.types, options: config.detection.detectorOptions,
            faceOptions: config.detection.faceDetectorOptions, featureOptions: config.detection.featureOptions,
            codeMemory: config.detection.codeMemory)
        let live = config.source.isCamera || config.source.realTime
        let state = RunState(configuration: config, stop: stop, specs: specs, live: live)

        // The outputs are claimed before the source opens: a second writer or a wrong path fails here, at
        // once, not after the whole run. What a failed start claimed is given back, leaving no partial file.
        var reservation: RecorderReservation?
        if let record = config.record {
            do { reservation = try RecorderReservation(path: record.path) } catch {
                throw .recording(path: record.path, reason: error.reason)
            }
            for leftover in reservation?.leftovers ?? [] {
                state.warn(
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

        var threads: [StageThread] = []
        let go = DispatchSemaphore(value: 0)
        func abandon(_ error: PipelineError) -> PipelineError {
            stop.request("start-up error")
            state.liveQueue.close()
            go.signal()
            threads.forEach { $0.join() }
            reservation?.discard()
            return error
        }

        let sourceStartup = StageStartup<SourceInfo>()
        threads.append(StageThread(name: "iris.capture") { CaptureStage.run(state, startup: sourceStartup, go: go) })
        let source: SourceInfo
        do { source = try sourceStartup.wait() } catch { throw abandon(error) }

        let expected = SourceLength.expectedFrames(
            declared: source.expectedFrames, frameLimit: config.frameLimit,
            durationLimit: config.durationLimit, frameDuration: source.nominalFrameDuration)
        let webRate = config.webFrameRate ?? source.nominalFrameDuration.map { 1 / $0 } ?? 30
        let view =
            outputs.isEmpty
            ? nil
            : LiveView(
                chain: state.chain, metrics: state.metrics, coordinates: config.eventCoordinates,
                maximumFrameRate: min(max(webRate, 1), 240), cameraName: config.cameraName
            ) { [state] in
                MetricsReport(
                    metrics: state.snapshot(expectedFrames: expected), errors: state.errors.map(\.description),
                    warnings: state.warnings)
            }
        if let view {
            threads.append(StageThread(name: "iris.web") { LiveViewStage.run(state, view: view) })
            outputs.forEach { $0.attach(view) }
        } else {
            state.liveQueue.close()
        }

        var displayDescription: String?
        var scanout: GLESScanoutRenderer?
        if let preview = config.preview {
            let displayStartup = StageStartup<DisplayInfo>()
            // A GLES run renders its preview on the display's own card, into buffers the display flips to.
            let scanoutOptions =
                context.renderer is GLESRenderer
                ? GLESRenderer.Options(maximumTextureSize: options.maximumTextureSize) : nil
            threads.append(
                StageThread(name: "iris.display") {
                    DisplayStage.run(state, output: preview, scanoutOptions: scanoutOptions, startup: displayStartup)
                })
            do {
                let info = try displayStartup.wait()
                displayDescription = info.description
                scanout = info.scanout
            } catch { throw abandon(error) }
            if let scanout {
                // One GL context renders the preview and the recording: the card's.
                context = Context(renderer: scanout.renderer, fallback: context.fallback, options: options)
                rendererNote += ", preview rendered into GBM scanout buffers"
            }
        } else {
            state.displayQueue.close()
        }
        let previewing = displayDescription != nil, serving = view != nil

        if !detectors.isEmpty {
            let detectStartup = StageStartup<Bool>()
            threads.append(
                StageThread(name: "iris.detect") {
                    DetectStage.run(state, detectors: detectors, events: events, view: view, startup: detectStartup)
                })
            do { _ = try detectStartup.wait() } catch { throw abandon(error) }
        } else {
            state.board.close()
        }
        if let record = config.record, let reservation {
            threads.append(
                StageThread(name: "iris.record") {
                    RecordStage.run(
                        state, output: record, reservation: reservation,
                        nominalFrameDuration: source.nominalFrameDuration, previewing: previewing || serving)
                })
        }
        let recording = config.record != nil
        let renderContext = context, previewScanout = scanout
        threads.append(
            StageThread(name: "iris.render") {
                RenderStage.run(
                    state, context: renderContext, scanout: previewScanout, displaying: previewing, serving: serving,
                    recording: recording)
            })
        go.signal()
        // Start-up warnings (no display for `auto`) are said once, now, not at the end.
        state.warnings.forEach { warning?($0) }

        // The calling thread reports status until every stage has finished.
        let finished = DispatchSemaphore(value: 0)
        let joiner = threads
        let waiter = Thread {
            joiner.forEach { $0.join() }
            finished.signal()
        }
        waiter.start()
        let intervalNanoseconds = Int(PipelineMetrics.seconds(statusInterval) * 1e9)
        while finished.wait(timeout: .now() + .nanoseconds(max(intervalNanoseconds, 1_000_000))) == .timedOut {
            status?(state.snapshot(expectedFrames: expected))
        }

        view?.end(reason: state.stoppedBy.withLock { $0 } ?? "end of source")
        outputs.forEach { $0.finish() }
        outputsFinished = true
        let metrics = state.snapshot(expectedFrames: expected)
        if let metricsFile { try writeMetrics(metrics, to: metricsFile, state: state) }
        return PipelineSummary(
            metrics: metrics, renderer: rendererNote, source: source.name, display: displayDescription,
            recording: state.recording.withLock { $0 }, eventsPath: config.eventsPath,
            metricsPath: config.metricsPath, webPreviews: outputs.filter { $0 is any PreviewServer }.map(\.url),
            stoppedBy: state.stoppedBy.withLock { $0 },
            errors: state.errors, warnings: state.warnings)
    }

    private func writeMetrics(_ metrics: MetricsSnapshot, to file: OutputFile, state: RunState) throws(PipelineError) {
        let bytes: [UInt8]
        do {
            bytes = try MetricsReport(
                metrics: metrics, errors: state.errors.map(\.description), warnings: state.warnings
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
