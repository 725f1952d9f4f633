import IrisCore
import IrisFilters
import IrisGLES
import IrisDetect
import IrisEnhance

/// The render stage: builds each frame's recipe (the frame, the filter chain, the overlays of the latest
/// detection result) and renders it: the preview into the display's GBM scanout buffers (GLES on the
/// display's card) or as an RGBA picture the display copies, the web previews get the RGBA picture, and
/// the recording gets the encoder's Y'CbCr planes made in the same render (`EncoderPlanes`: on the GPU
/// for GLES, a chunk of rows at a time on the CPU), so the recorder never converts RGB. When the recorder
/// is the only one waiting for a readback, the render is submitted (`Context.submit`) and its planes are
/// collected after the next frame's render is submitted, so on GLES 3 one readback overlaps the next render;
/// frames still reach the recorder in order. The chain is read
/// afresh for every frame, so a control's change shows on the next one. For a file source it waits for
/// the detection result of the frame's own detection slot, so every run of a file records the same
/// overlays; for a camera it never waits.
enum RenderStage {
    /// Where one frame's renders go, decided once for the run.
    struct Targets {
        let displaying: Bool
        let serving: Bool
        /// The encoder's planes the recording takes; nil when nothing records.
        let encoding: EncoderPlanes?
        /// The display's card renderer, when the preview is drawn into its scanout buffers.
        let scanout: GLESScanoutRenderer?
        /// Plans for the scanout buffers: RGBA output, since GL writes the XRGB8888 surface in its own order.
        let scanoutContext: Context?
        /// Overlays left out of the recording while the previews keep them (a second render).
        let separateRecording: Bool

        /// Whether a picture in host memory is needed: a web preview, a display without scanout, or (when
        /// nothing else asks for a render) the render itself.
        var needsPicture: Bool {
            serving || (displaying && scanout == nil) || (encoding == nil && !(displaying && scanout != nil))
        }
    }

    /// What one frame's renders made.
    struct Outputs {
        var scanout: ScanoutFrame?
        var picture: PixelBuffer?
        var recorded: PixelBuffer?
        /// The recording's planes still on their way back from the GPU (`Context.submit`: GLES 3, when the
        /// recorder is the only one waiting for a readback); collected after the next frame is submitted.
        var pendingRecording: PendingRender?
    }

    static func run(
        _ state: RunState, context: Context, scanout: GLESScanoutRenderer?, displaying: Bool, serving: Bool,
        recording: Bool
    ) {
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
        let targets = Targets(
            displaying: displaying, serving: serving, encoding: recording ? encoding : nil,
            scanout: displaying ? scanout : nil,
            scanoutContext: scanout.map { scanout in
                var options = context.options
                options.outputFormat = .rgba8
                return Context(renderer: scanout.renderer, options: options)
            }, separateRecording: separateRecording)
        var sawDMABuf = false
        defer {
            if sawDMABuf, let gles = context.renderer as? GLESRenderer {
                let status = gles.planeImport.description
                state.metrics.update { $0.planeImport = status }
            }
        }
        // The frame whose recording is still being read back, pushed once the next frame is submitted, so
        // its readback overlaps that render.
        var inFlight: (pending: PendingRender, captured: CapturedFrame)?
        func pushRecording(_ planes: PixelBuffer, of captured: CapturedFrame) {
            state.recordQueue.push(
                RenderedFrame(
                    picture: planes, colorimetry: encoding?.colorimetry ?? .default, index: captured.index,
                    timestamp: captured.frame.timestamp, arrival: captured.arrival))
        }
        /// Collects and pushes the frame in flight; false (the run failed) when its readback did.
        func landInFlight() -> Bool {
            guard let (pending, captured) = inFlight else { return true }
            inFlight = nil
            do {
                let before = context.traffic
                let planes = try pending.result().planes
                let moved = context.traffic - before
                state.metrics.update { $0.traffic["render", default: ByteTraffic()] += moved }
                pushRecording(planes, of: captured)
                return true
            } catch {
                state.fail(.render(step: "frame \(captured.index)'s readback", cause: ErrorCause(error)))
                state.stop.request("render error")
                return false
            }
        }
        while let captured = state.renderQueue.pop() {
            let start = ContinuousClock.now
            sawDMABuf = sawDMABuf || captured.frame.buffer.planes.contains { $0.borrowedMemory?.dmabuf != nil }
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
            var rendered: Outputs?
            var failure: PipelineError?
            let trafficBefore = context.traffic
            while rendered == nil && failure == nil {
                let (specs, version) = state.chain.current
                do {
                    rendered = try render(
                        captured, specs: specs, autoAdjustment: &autoAdjustment, state: state, context: context,
                        drawOverlays: drawOverlays, targets: targets)
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
            let moved = context.traffic - trafficBefore
            state.metrics.update { m in
                m.framesRendered += 1
                m.traffic["render", default: ByteTraffic()] += moved
                m.render.add(PipelineMetrics.milliseconds(ContinuousClock.now - start))
            }
            if displaying,
                let content = rendered.scanout.map(PreviewFrame.Content.scanout)
                    ?? rendered.picture.map(PreviewFrame.Content.pixels)
            {
                state.displayQueue.push(
                    PreviewFrame(content: content, index: captured.index, arrival: captured.arrival))
            }
            if serving, let picture = rendered.picture {
                state.liveQueue.push(
                    RenderedFrame(
                        picture: picture, colorimetry: .default, index: captured.index,
                        timestamp: captured.frame.timestamp, arrival: captured.arrival))
            }
            guard landInFlight() else { break }
            if let pending = rendered.pendingRecording {
                inFlight = (pending, captured)
            } else if let recorded = rendered.recorded {
                pushRecording(recorded, of: captured)
            }
        }
        _ = landInFlight()
        // After a failure, what is still queued is not rendered; count it as dropped.
        state.renderQueue.discardAll()
    }

    /// One frame with `specs` and the overlays of its detection slot, rendered for `targets`: the preview
    /// into a scanout buffer (letterboxed to the display) or as pixels, the encoder's planes for the
    /// recording (without the overlays when `separateRecording`, at the cost of a second render).
    private static func render(
        _ captured: CapturedFrame, specs: [FilterSpec], autoAdjustment: inout LiveAutoAdjustment?,
        state: RunState, context: Context, drawOverlays: Bool, targets: Targets
    ) throws -> Outputs {
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
                frame: captured.index, image: source, faces: features.faces, context: context) ?? []
        let filtered = try source.applyingFilters(automatic + specs)
        let extent = Rect(width: captured.frame.buffer.width, height: captured.frame.buffer.height)
        if !drawOverlays { features = [] }
        let shown =
            features.isEmpty
            ? filtered
            : try filtered.overlaying(features, style: config.overlayStyle, linearWorkingSpace: config.colorManagement)
        var outputs = Outputs()
        var needsPicture = targets.needsPicture
        if let scanout = targets.scanout, let scanoutContext = targets.scanoutContext {
            let screen = Rect(width: scanout.width, height: scanout.height)
            let (plan, chosen) = try scanoutContext.planAndRenderer(
                shown.letterboxed(width: scanout.width, height: scanout.height), rect: screen)
            if (chosen as? GLESRenderer) === scanout.renderer {
                outputs.scanout = try scanout.renderFrame(plan)
            } else {
                // Too large for the card's textures: pixels, which the display copies.
                needsPicture = true
            }
        }
        if let encoding = targets.encoding {
            if targets.separateRecording && !features.isEmpty {
                outputs.recorded = try context.render(filtered, rect: extent, encoding: encoding)
                if needsPicture { outputs.picture = try context.render(shown, rect: extent) }
            } else if !needsPicture {
                let pending = try context.submit(shown, rect: extent, encoding: encoding, keepingPicture: false)
                if pending.isAsynchronous {
                    outputs.pendingRecording = pending
                } else {
                    outputs.recorded = try pending.result().planes
                }
            } else {
                let both = try context.render(shown, rect: extent, encoding: encoding, keepingPicture: needsPicture)
                outputs.recorded = both.planes
                outputs.picture = both.picture
            }
        } else if needsPicture {
            outputs.picture = try context.render(shown, rect: extent)
        }
        return outputs
    }
}
