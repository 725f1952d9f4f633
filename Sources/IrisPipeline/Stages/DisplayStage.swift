import IrisCPU
import IrisCore
import IrisGLES
import IrisVideo

/// The preview stage: opens the DRM/KMS display on its own thread and shows the newest rendered frame.
/// On a GLES run (`scanoutOptions`) it opens a GLES renderer on the display's card (`GLESScanoutRenderer`):
/// the render stage then draws the preview, letterboxed to the mode, straight into GBM buffers that are
/// flipped to as they are (no readback, no copy). Otherwise frames arrive as pixels and are copied into
/// dumb buffers, fitted to the mode when the sizes differ: by a KMS overlay plane's scaler where the driver
/// offers one (`Display.showScaled`), otherwise by a letterboxing scale step on the CPU. The recording
/// keeps the pipeline's own size. `auto` with no usable display warns once and shows nothing; an explicitly
/// named card that fails is an error; a card GLES cannot render on falls back to dumb buffers with a
/// warning. The display is restored when the stage ends.
struct DisplayStage: PipelineStage {
    /// Pixels the CPU copies into dumb buffers, or scanout buffers drawn on the display's card.
    static let frames = PortDeclaration<PreviewFrame>(
        "the display", carries: BufferKind.readable.union([.scanout]))

    let output: PreviewOutput
    /// Set on a GLES run: the preview is rendered on the display's card into its scanout buffers.
    let scanoutOptions: GLESRenderer.Options?
    let services: StageServices
    let frames: InputPort<PreviewFrame>

    var name: String { "iris.display" }
    var outputs: [any ClosableOutput] { [] }

    /// Opens the display; nil (and a warning) when `auto` finds none.
    func open() throws(PipelineError) -> (device: Display?, opened: DisplayInfo) {
        let display: Display
        do {
            let mode = try output.mode.map { text throws(PipelineError) in
                guard let parsed = ModeRequest(text) else {
                    throw .configuration(
                        field: "preview.mode", reason: "\(text): expected WxH or WxH@Hz, e.g. 1280x720")
                }
                return parsed
            }
            display = try Display(card: output.card, connector: output.connector, mode: mode)
        } catch let error as PipelineError {
            throw error
        } catch {
            guard output.isAutomatic && !output.required else {
                throw .display(card: output.card ?? "auto", cause: ErrorCause(error))
            }
            services.warn("no preview: \(error)")
            return (nil, DisplayInfo(description: nil))
        }
        var scanout: GLESScanoutRenderer?
        if let scanoutOptions {
            do {
                scanout = try GLESScanoutRenderer(
                    card: display.path, width: display.width, height: display.height, options: scanoutOptions)
            } catch {
                services.warn(
                    "the preview is copied into dumb buffers: GLES cannot render on \(display.path): \(error)")
            }
        }
        let info = DisplayInfo(
            description: "\(display.path) \(display.connector.name) \(display.mode)"
                + (scanout == nil ? "" : ", GBM scanout buffers"),
            scanout: scanout)
        return (display, info)
    }

    func run(_ display: Display?) {
        guard let display else { return }
        defer { display.close() }
        // The scanout frame on screen: held until a later one is up, then its buffer goes back.
        var onScreen: ScanoutFrame?
        defer { withExtendedLifetime(onScreen) {} }
        var options = Context.Options()
        options.outputFormat = .bgra8
        let scaler = Context(renderer: CPURenderer(), options: options)
        var failed = false
        while let rendered = frames.pop() {
            guard !failed else {
                services.metrics.update { $0.displayFailed += 1 }
                continue
            }
            do {
                switch rendered.content {
                case let .scanout(frame):
                    let previous = onScreen
                    try display.show(frame.buffer)
                    onScreen = frame
                    // The frame that left the screen may be drawn into again only now.
                    withExtendedLifetime(previous) {}
                    count(ByteTraffic(), arrival: rendered.arrival, onPlane: false)
                case let .pixels(picture):
                    try show(picture, on: display, scaler: scaler, arrival: rendered.arrival)
                }
            } catch {
                services.fail(.display(card: display.path, cause: ErrorCause(error)))
                failed = true
            }
        }
    }

    /// Shows pixels through a dumb buffer (or an overlay plane that scales them) and counts the copy.
    private func show(_ picture: PixelBuffer, on display: Display, scaler: Context, arrival: ContinuousClock.Instant)
        throws
    {
        var pixels = picture
        var onPlane = false
        if pixels.width != display.width || pixels.height != display.height {
            onPlane = try display.showScaled(pixels)
            if !onPlane {
                pixels = try scaler.render(
                    Image(buffer: pixels).letterboxed(width: display.width, height: display.height),
                    rect: Rect(width: display.width, height: display.height))
            }
        }
        if !onPlane { try display.show(pixels) }
        // A frame of the display's size is copied into a dumb buffer as it is; another is letterboxed
        // (converted) first; one a plane scales is handed to the plane without a copy.
        let letterboxed = !onPlane && (pixels.width != picture.width || pixels.height != picture.height)
        let moved = ByteTraffic(
            cpuCopied: onPlane ? 0 : pixels.planes[0].byteCount,
            cpuConverted: letterboxed ? pixels.planes[0].byteCount : 0)
        count(moved, arrival: arrival, onPlane: onPlane)
    }

    private func count(_ moved: ByteTraffic, arrival: ContinuousClock.Instant, onPlane: Bool) {
        services.metrics.update { m in
            m.framesShown += 1
            m.traffic["display", default: ByteTraffic()] += moved
            m.captureToDisplay.add(PipelineMetrics.milliseconds(ContinuousClock.now - arrival))
            if onPlane { m.framesScaledOnPlane += 1 }
        }
    }
}
