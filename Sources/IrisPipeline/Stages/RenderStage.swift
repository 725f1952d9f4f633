import IrisCPU
import IrisCore
import IrisFilters
import IrisGLES
import IrisDetect
import IrisEnhance
import IrisVideo

/// The render stage: builds each frame's recipe (the frame, the filter chain, the overlays of the latest
/// detection result) and renders it: the preview into the display's GBM scanout buffers (GLES on the
/// display's card) or as an RGBA picture the display copies, the web previews get the RGBA picture, and
/// the recording gets the encoder's Y'CbCr planes made in the same render (`EncoderPlanes`: on the GPU
/// for GLES, a chunk of rows at a time on the CPU), so the recorder never converts RGB. On the CPU renderer it
/// renders on one band thread while the recorder's queue shows the encoder behind (`EncoderBacklog`), leaving
/// the other cores to it. A GLES frame that is both recorded and shown in scanout buffers runs its chain once:
/// the recording's output texture is drawn, scaled, into the scanout buffer (`GLESScanoutRenderer.submit`).
/// A recording's render
/// is submitted (`Context.submit`); on GLES 3 its planes, and the picture when a viewer wants one, are
/// collected after the next frame's render is submitted, so one readback overlaps the next render (the
/// viewers see each picture one frame later); frames still reach every output in order. The chain is read
/// afresh for every frame, so a control's change shows on the next one. For a file source it waits for
/// the detection result of the frame's own detection slot, so every run of a file records the same
/// overlays; for a camera it never waits.
struct RenderStage: PipelineStage {
    static let frames = PortDeclaration<CapturedFrame>("the render stage", carries: BufferKind.readable)
    /// The preview: RGBA pixels in memory (or in a mapped pixel buffer object), or a scanout buffer drawn on
    /// the display's card.
    static let preview = PortDeclaration<PreviewFrame>(
        "the render stage's preview", carries: [.hostMemory, .deviceMemory, .scanout])
    /// RGBA pictures for the web previews and any other viewer.
    static let pictures = PortDeclaration<RenderedFrame>(
        "the render stage's pictures", carries: [.hostMemory, .deviceMemory])
    /// The encoder's planes (in memory, or in a mapped pixel buffer object), or the source's own frames
    /// passed through.
    static let recording = PortDeclaration<RenderedFrame>("the render stage's recording", carries: BufferKind.readable)

    /// What it draws and how.
    struct Settings: Sendable {
        /// Record the source's frames as they are: no render at all.
        var passthrough = false
        /// Draw the detectors' results (and there are detectors).
        var overlays = false
        var overlayStyle = OverlayStyle()
        /// Overlays are blended in linear light.
        var colorManagement = true
        var autoEnhance: LiveAutoAdjustment.Settings?
        /// Every how many frames the detectors run a full search: a frame's overlays are its slot's result.
        var detectionEvery = 1
        /// Faces are detected, so live auto-enhance can balance them.
        var detectsFaces = false
        /// The recording keeps the overlays the previews show.
        var recordsOverlays = true
        /// The recording's colours, which the encoder's planes are written in.
        var recordingColorimetry = Colorimetry.default
    }

    let settings: Settings
    let services: StageServices
    /// The renderer, and on a GLES run with a KMS display the display's card renderer for the preview.
    let context: Context
    let scanout: GLESScanoutRenderer?
    /// The filter chain, read afresh for every frame; a web preview's controls may change it.
    let chain: LiveChain
    let frames: InputPort<CapturedFrame>
    /// The detectors' results, nil without detectors.
    let detections: DetectionBoard?
    let preview: OutputPort<PreviewFrame>
    let pictures: OutputPort<RenderedFrame>
    let recording: OutputPort<RenderedFrame>

    var name: String { "iris.render" }
    var outputs: [any ClosableOutput] { [preview, pictures, recording] }

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
        /// The recording's planes, and the picture when a viewer wants one, still on their way back from the
        /// GPU (`Context.submit`: GLES 3); collected after the next frame is submitted.
        var pending: PendingRender?
        /// The recording took the frame as it came (`Context.framePlanes`).
        var unrendered = false
    }

    func run(_: Void) {
        let displaying = preview.isConnected, serving = pictures.isConnected, records = recording.isConnected
        let previewing = displaying || serving
        let drawOverlays = settings.overlays && (previewing || records)
        // Overlays left out of the recording while the previews keep them cost a second render.
        let separateRecording = drawOverlays && previewing && records && !settings.recordsOverlays
        var autoAdjustment = settings.autoEnhance.map(LiveAutoAdjustment.init)
        // The recorder's own layout and colours: I420 suits libx264, FFV1, MJPEG and Y4M; an NV12 encoder
        // (V4L2 M2M) has the recorder copy the chroma into its layout.
        let encoding = records ? EncoderPlanes(layout: .i420, colorimetry: settings.recordingColorimetry) : nil
        let targets = Targets(
            displaying: displaying, serving: serving, encoding: encoding,
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
                services.metrics.update { $0.planeImport = status }
            }
        }
        // The frame still being read back, pushed once the next frame is submitted, so its readback overlaps
        // that render.
        var inFlight: (pending: PendingRender, captured: CapturedFrame, onScanout: Bool)?
        /// Hands a picture to the display (unless it showed the frame's scanout buffer) and the viewers.
        func pushPicture(_ picture: PixelBuffer, of captured: CapturedFrame, onScanout: Bool) {
            if displaying && !onScanout {
                preview.push(PreviewFrame(content: .pixels(picture), index: captured.index, arrival: captured.arrival))
            }
            if serving {
                pictures.push(
                    RenderedFrame(
                        picture: picture, colorimetry: .default, index: captured.index,
                        timestamp: captured.frame.timestamp, arrival: captured.arrival))
            }
        }
        func pushRecording(_ planes: PixelBuffer, of captured: CapturedFrame) {
            recording.push(
                RenderedFrame(
                    picture: planes, colorimetry: encoding?.colorimetry ?? .default, index: captured.index,
                    timestamp: captured.frame.timestamp, arrival: captured.arrival))
        }
        /// Collects and pushes the frame in flight; false (the run failed) when its readback did.
        func landInFlight() -> Bool {
            guard let (pending, captured, onScanout) = inFlight else { return true }
            inFlight = nil
            do {
                let before = context.traffic
                let result = try pending.result()
                let moved = context.traffic - before
                services.metrics.update { $0.traffic["render", default: ByteTraffic()] += moved }
                if let picture = result.picture { pushPicture(picture, of: captured, onScanout: onScanout) }
                pushRecording(result.planes, of: captured)
                return true
            } catch {
                services.fail(.render(step: "frame \(captured.index)'s readback", cause: ErrorCause(error)))
                services.stop.request("render error")
                return false
            }
        }
        // While the encoder is what the run waits on, the CPU renderer's bands would only take its cores.
        let cpu = records ? context.renderer as? CPURenderer : nil
        var backlog = EncoderBacklog()
        defer { cpu?.threadLimit.set(.max) }
        while let captured = frames.pop() {
            let start = ContinuousClock.now
            if let cpu { cpu.threadLimit.set(backlog.update(fill: recording.fullestFill) ? 1 : .max) }
            sawDMABuf = sawDMABuf || BufferKind.of(captured.frame.buffer) == .dmabuf
            if settings.passthrough {
                services.metrics.update { $0.framesRendered += 1 }
                recording.push(
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
                let (specs, version) = chain.current
                do {
                    rendered = try render(
                        captured, specs: specs, autoAdjustment: &autoAdjustment, drawOverlays: drawOverlays,
                        targets: targets)
                    chain.rendered(version: version)
                } catch {
                    let reason =
                        error as? PipelineError ?? .render(step: "frame \(captured.index)", cause: ErrorCause(error))
                    if chain.revert(version: version, because: reason.description) {
                        services.warn("a control's change to the chain was taken back: \(reason)")
                    } else {
                        failure = reason
                    }
                }
            }
            if let failure {
                services.fail(failure)
                services.stop.request("render error")
                break
            }
            guard let rendered else { continue }
            let moved = context.traffic - trafficBefore
            services.metrics.update { m in
                m.framesRendered += 1
                if rendered.unrendered { m.framesRecordedUnrendered += 1 }
                m.traffic["render", default: ByteTraffic()] += moved
                m.render.add(PipelineMetrics.milliseconds(ContinuousClock.now - start))
            }
            let onScanout = rendered.scanout != nil
            if displaying, let scanout = rendered.scanout {
                preview.push(PreviewFrame(content: .scanout(scanout), index: captured.index, arrival: captured.arrival))
            }
            if let picture = rendered.picture { pushPicture(picture, of: captured, onScanout: onScanout) }
            guard landInFlight() else { break }
            if let pending = rendered.pending {
                inFlight = (pending, captured, onScanout)
            } else if let recorded = rendered.recorded {
                pushRecording(recorded, of: captured)
            }
        }
        _ = landInFlight()
        // After a failure, what is still queued is not rendered; count it as dropped.
        frames.discardRemaining()
    }

    /// One frame with `specs` and the overlays of its detection slot, rendered for `targets`: the preview
    /// into a scanout buffer (letterboxed to the display) or as pixels, the encoder's planes for the
    /// recording (without the overlays when `separateRecording`, at the cost of a second render).
    private func render(
        _ captured: CapturedFrame, specs: [FilterSpec], autoAdjustment: inout LiveAutoAdjustment?,
        drawOverlays: Bool, targets: Targets
    ) throws -> Outputs {
        let source = Image(frame: captured.frame)
        var features: [DetectedFeature] = []
        if let detections, drawOverlays || (autoAdjustment != nil && settings.detectsFaces) {
            let slot = captured.index - captured.index % settings.detectionEvery
            // A file's frames wait for their slot's result, so every run records the same overlays.
            features = detections.result(for: slot, waiting: frames.blocks)?.features ?? []
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
            : try filtered.overlaying(
                features, style: settings.overlayStyle, linearWorkingSpace: settings.colorManagement)
        // A frame recorded as it is (nothing applied, nothing drawn on the recording) keeps its own 4:2:0
        // layout, which the recorder takes either way: when it is already the encoder's planes
        // (`Context.framePlanes`), it is recorded unrendered and only the previews are rendered.
        let recorded = targets.separateRecording && !features.isEmpty ? filtered : shown
        let encoding =
            recorded === source ? targets.encoding?.laidOut(as: captured.frame.buffer.format) : targets.encoding
        let unrendered = encoding.flatMap { context.framePlanes(recorded, rect: extent, encoding: $0) }
        var outputs = Outputs()
        outputs.recorded = unrendered
        outputs.unrendered = unrendered != nil
        var needsPicture = targets.needsPicture
        var recordingRendered = false
        // A recorded and previewed frame whose recording keeps the overlays is rendered once: the recording's
        // output texture is also drawn, scaled, into the scanout buffer.
        if unrendered == nil, let scanout = targets.scanout, let encoding,
            !(targets.separateRecording && !features.isEmpty)
        {
            let (plan, chosen) = try context.planAndRenderer(shown, rect: extent)
            if (chosen as? GLESRenderer) === scanout.renderer {
                context.printTreeIfAsked(shown, plan: plan, renderer: chosen)
                let box = Letterbox(
                    source: (Int(extent.width), Int(extent.height)), display: (scanout.width, scanout.height))
                let both = try scanout.submit(
                    plan, encoding: encoding, keepingPicture: needsPicture, showingIn: box.content)
                try take(both.pending, into: &outputs)
                recordingRendered = true
                if let frame = both.frame {
                    outputs.scanout = frame
                    return outputs
                }
            }
        }
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
        if unrendered != nil {
            if needsPicture { outputs.picture = try context.render(shown, rect: extent) }
            return outputs
        }
        if recordingRendered {
            // The preview fell back to pixels (too large for the card's textures): render them.
            if needsPicture && !targets.needsPicture { outputs.picture = try context.render(shown, rect: extent) }
            return outputs
        } else if let encoding {
            if targets.separateRecording && !features.isEmpty {
                outputs.recorded = try context.render(filtered, rect: extent, encoding: encoding)
                if needsPicture { outputs.picture = try context.render(shown, rect: extent) }
            } else {
                try take(
                    try context.submit(shown, rect: extent, encoding: encoding, keepingPicture: needsPicture),
                    into: &outputs)
            }
        } else if needsPicture {
            outputs.picture = try context.render(shown, rect: extent)
        }
        return outputs
    }

    /// The recording's render: left pending while its readback runs (GLES 3), or its planes and picture.
    private func take(_ pending: PendingRender, into outputs: inout Outputs) throws {
        if pending.isAsynchronous {
            outputs.pending = pending
        } else {
            let both = try pending.result()
            outputs.recorded = both.planes
            outputs.picture = both.picture
        }
    }
}
