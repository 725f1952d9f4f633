import IrisCPU
import IrisCore
import IrisVideo

/// The preview stage: opens the DRM/KMS display on its own thread and shows the newest rendered frame,
/// fitted to the display's mode when the sizes differ: by a KMS overlay plane's scaler where the driver
/// offers one (`Display.showScaled`), otherwise by a letterboxing scale step on the CPU. The recording
/// keeps the pipeline's own size. `auto` with no usable display warns once and shows nothing;
/// an explicitly named card that fails is an error. The display is restored when the stage ends.
enum DisplayStage {
    static func run(_ state: RunState, output: PreviewOutput, startup: StageStartup<DisplayInfo>) {
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
            startup.fail(error)
            return
        } catch {
            if output.isAutomatic && !output.required {
                state.warn("no preview: \(error)")
                startup.succeed(DisplayInfo(description: nil))
            } else {
                startup.fail(.display(card: output.card ?? "auto", cause: ErrorCause(error)))
            }
            return
        }
        defer { display.close() }
        startup.succeed(DisplayInfo(description: "\(display.path) \(display.connector.name) \(display.mode)"))
        var options = Context.Options()
        options.outputFormat = .bgra8
        let scaler = Context(renderer: CPURenderer(), options: options)
        var failed = false
        while let rendered = state.displayQueue.pop() {
            guard !failed else {
                state.metrics.update { $0.displayFailed += 1 }
                continue
            }
            do {
                var pixels = rendered.picture
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
                let letterboxed =
                    !onPlane && (pixels.width != rendered.picture.width || pixels.height != rendered.picture.height)
                let moved = ByteTraffic(
                    cpuCopied: onPlane ? 0 : pixels.planes[0].bytes.count,
                    cpuConverted: letterboxed ? pixels.planes[0].bytes.count : 0)
                state.metrics.update { m in
                    m.framesShown += 1
                    m.traffic["display", default: ByteTraffic()] += moved
                    m.captureToDisplay.add(PipelineMetrics.milliseconds(ContinuousClock.now - rendered.arrival))
                    if onPlane { m.framesScaledOnPlane += 1 }
                }
            } catch {
                state.fail(.display(card: display.path, cause: ErrorCause(error)))
                failed = true
            }
        }
    }
}
