import IrisCore
import IrisDetect

/// The render stage: builds each frame's recipe (the frame, the filter chain, the overlays of the latest
/// detection result) and renders it once; the same buffer goes to the preview and the recorder. For a file
/// source it waits for the detection result of the frame's own detection slot, so every run of a file
/// records the same overlays; for a camera it never waits.
enum RenderStage {
    static func run(_ state: RunState, previewing: Bool, recording: Bool) {
        defer { state.displayQueue.close(); state.recordQueue.close() }
        let config = state.configuration
        let every = config.detection.every
        let drawOverlays = config.overlays && !config.detection.types.isEmpty && (previewing || recording)
        // Overlays left out of the recording while the preview keeps them cost a second render.
        let separateRecording = drawOverlays && previewing && recording && config.record?.overlays == false
        while let captured = state.renderQueue.pop() {
            let start = ContinuousClock.now
            if config.passthrough {
                state.metrics.update { $0.framesRendered += 1 }
                state.recordQueue.push(RenderedFrame(picture: captured.frame.buffer, colorimetry: captured.frame.colorimetry,
                                                     index: captured.index, timestamp: captured.frame.timestamp, arrival: captured.arrival))
                continue
            }
            do {
                let filtered = try Image(frame: captured.frame).applyingFilters(state.specs)
                let extent = Rect(width: captured.frame.buffer.width, height: captured.frame.buffer.height)
                var features: [any Feature] = []
                if drawOverlays {
                    let slot = captured.index - captured.index % every
                    features = state.board.result(for: slot, waiting: state.waitsForDetections)?.features ?? []
                }
                let shown = features.isEmpty ? filtered
                    : try filtered.overlaying(features, style: config.overlayStyle, linearWorkingSpace: config.colorManagement)
                let picture = try state.context.render(shown, rect: extent)
                let plain = separateRecording && !features.isEmpty ? try state.context.render(filtered, rect: extent) : picture
                state.metrics.update { m in
                    m.framesRendered += 1; m.render.add(PipelineMetrics.milliseconds(ContinuousClock.now - start))
                }
                if previewing {
                    state.displayQueue.push(RenderedFrame(picture: picture, colorimetry: .default, index: captured.index, timestamp: captured.frame.timestamp,
                                                          arrival: captured.arrival))
                }
                if recording {
                    state.recordQueue.push(RenderedFrame(picture: plain, colorimetry: .default, index: captured.index, timestamp: captured.frame.timestamp,
                                                         arrival: captured.arrival))
                }
            } catch let error as PipelineError {
                state.fail(error); state.stop.request("render error"); break
            } catch {
                state.fail(.render(reason: "frame \(captured.index): \(error)")); state.stop.request("render error"); break
            }
        }
        // After a failure, what is still queued is not rendered; count it as dropped.
        state.renderQueue.discardAll()
    }
}
