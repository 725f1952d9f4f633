import IrisCore
import IrisFilters
import IrisDetect
import IrisEnhance

/// The render stage: builds each frame's recipe (the frame, the filter chain, the overlays of the latest
/// detection result) and renders it once: the RGBA picture goes to the display and the web previews, and
/// the recording gets the encoder's Y'CbCr planes made in the same render (`EncoderPlanes`: on the GPU
/// for GLES, row pair by row pair on the CPU), so the recorder never converts RGB. The chain is read
/// afresh for every frame, so a control's change shows on the next one. For a file source it waits for
/// the detection result of the frame's own detection slot, so every run of a file records the same
/// overlays; for a camera it never waits.
enum RenderStage {
    static func run(_ state: RunState, displaying: Bool, serving: Bool, recording: Bool) {
        defer {
            state.displayQueue.close()
            state.recordQueue.close()
            state.liveQueue.close()
        }
        let config = state.configuration
        let previewing = displaying || serving
        let drawOverlays = config.overlays && !config.detection.types.isEmpty && (previewing || recording)
        // Overlays left out of the recording while the previews keep them cost a second render.
        let separateRecording = drawOverlays && previewing && recording && config.record?.overlays == false
        var autoAdjustment = config.autoEnhance.map(LiveAutoAdjustment.init)
        // The recorder's own layout and colours: I420 suits libx264, FFV1, MJPEG and Y4M; an NV12 encoder
        // (V4L2 M2M) has the recorder copy the chroma into its layout.
        let encoding = config.record.map {
            EncoderPlanes(layout: .i420, colorimetry: $0.recorderOptions.effectiveColorimetry)
        }
        while let captured = state.renderQueue.pop() {
            let start = ContinuousClock.now
            if config.passthrough {
                state.metrics.update { $0.framesRendered += 1 }
                state.recordQueue.push(
                    RenderedFrame(
                        picture: captured.frame.buffer, colorimetry: captured.frame.colorimetry,
                        index: captured.index, timestamp: captured.frame.timestamp, arrival: captured.arrival))
                continue
            }
            // A frame that fails just after a control changed the chain is rendered again with the chain as
            // it was (`LiveChain.revert`); any other failure ends the run.
            var rendered: (picture: PixelBuffer?, recorded: PixelBuffer?)?
            var failure: PipelineError?
            let trafficBefore = state.context.traffic
            while rendered == nil && failure == nil {
                let (specs, version) = state.chain.current
                do {
                    rendered = try render(
                        captured, specs: specs, autoAdjustment: &autoAdjustment, state: state,
                        drawOverlays: drawOverlays, previewing: previewing,
                        recording: recording ? encoding : nil, separateRecording: separateRecording)
                    state.chain.rendered(version: version)
                } catch {
                    let reason =
                        error as? PipelineError ?? .render(step: "frame \(captured.index)", cause: ErrorCause(error))
                    if state.chain.revert(version: version, because: reason.description) {
                        state.warn("a control's change to the chain was taken back: \(reason)")
                    } else {
                        failure = reason
                    }
                }
            }
            if let failure {
                state.fail(failure)
                state.stop.request("render error")
                break
            }
            guard let rendered else { continue }
            let moved = state.context.traffic - trafficBefore
            state.metrics.update { m in
                m.framesRendered += 1
                m.traffic["render", default: ByteTraffic()] += moved
                m.render.add(PipelineMetrics.milliseconds(ContinuousClock.now - start))
            }
            if let picture = rendered.picture {
                let shownFrame = RenderedFrame(
                    picture: picture, colorimetry: .default, index: captured.index,
                    timestamp: captured.frame.timestamp, arrival: captured.arrival)
                if displaying { state.displayQueue.push(shownFrame) }
                if serving { state.liveQueue.push(shownFrame) }
            }
            if let recorded = rendered.recorded {
                state.recordQueue.push(
                    RenderedFrame(
                        picture: recorded, colorimetry: encoding?.colorimetry ?? .default, index: captured.index,
                        timestamp: captured.frame.timestamp, arrival: captured.arrival))
            }
        }
        // After a failure, what is still queued is not rendered; count it as dropped.
        state.renderQueue.discardAll()
    }

    /// One frame with `specs` and the overlays of its detection slot: the picture the previews show (nil
    /// when nothing previews) and the encoder's planes for the recording (nil when nothing records); the
    /// recording leaves the overlays out when `separateRecording`, at the cost of a second render.
    private static func render(
        _ captured: CapturedFrame, specs: [FilterSpec], autoAdjustment: inout LiveAutoAdjustment?,
        state: RunState, drawOverlays: Bool, previewing: Bool, recording encoding: EncoderPlanes?,
        separateRecording: Bool
    ) throws -> (picture: PixelBuffer?, recorded: PixelBuffer?) {
        let config = state.configuration
        let source = Image(frame: captured.frame)
        var features: [DetectedFeature] = []
        if drawOverlays || (autoAdjustment != nil && config.detection.types.contains(.face)) {
            let slot = captured.index - captured.index % config.detection.every
            features = state.board.result(for: slot, waiting: state.waitsForDetections)?.features ?? []
        }
        // The analysis's filters go first, as Core Image's auto-adjustment filters are meant to be chained.
        let automatic =
            try autoAdjustment?.filters(
                frame: captured.index, image: source, faces: features.faces,
                context: state.context) ?? []
        let filtered = try source.applyingFilters(automatic + specs)
        let extent = Rect(width: captured.frame.buffer.width, height: captured.frame.buffer.height)
        if !drawOverlays { features = [] }
        let shown =
            features.isEmpty
            ? filtered
            : try filtered.overlaying(features, style: config.overlayStyle, linearWorkingSpace: config.colorManagement)
        guard let encoding else { return (try state.context.render(shown, rect: extent), nil) }
        if separateRecording && !features.isEmpty {
            let picture = previewing ? try state.context.render(shown, rect: extent) : nil
            return (picture, try state.context.render(filtered, rect: extent, encoding: encoding))
        }
        let both = try state.context.render(shown, rect: extent, encoding: encoding, keepingPicture: previewing)
        return (both.picture, both.planes)
    }
}
