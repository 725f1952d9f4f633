import Foundation
import IrisCore
import IrisDetect

/// The detector stage: runs the detectors on the luma plane of the frames the capture stage passes it
/// (every Nth; every frame when it follows faces, running the full search on every Nth and following the
/// faces by their landmarks on the others), keeps face IDs with its tracker, posts each result for the
/// overlays, turns the results into tracked objects with a lifecycle (`ObjectLifecycle`), writes the
/// results or the lifecycle events to the events file, and shows both to the live outputs (web previews, a
/// publisher). While a command has paused detection, each frame gets an empty result (a file's render
/// stage waits for one) and the objects end as they would when gone.
enum DetectStage {
    /// `events`, claimed by the pipeline before the source opened, is finished (renamed into place) when
    /// the stage ends, also after a write failure, so the lines written so far are kept.
    static func run(
        _ state: RunState, detectors: DetectorSet, events: EventsWriter?, view: LiveView?, startup: StageStartup<Bool>
    ) {
        defer { state.board.close() }
        startup.succeed(true)
        let config = state.configuration
        var writer = events
        var lifecycle = ObjectLifecycle(
            camera: config.cameraName, coordinates: config.eventCoordinates, settings: config.objects)
        func write(_ line: (EventsWriter) throws(PipelineError) -> Void) {
            guard let current = writer else { return }
            do { try line(current) } catch {
                state.fail(error)
                do { try current.close() } catch { state.fail(error) }
                writer = nil
            }
        }
        func objects(_ lifecycleEvents: [ObjectEvent]) {
            for event in lifecycleEvents {
                if config.eventsKind == .objects { write { writer throws(PipelineError) in try writer.write(event) } }
                view?.offer(event)
            }
        }
        var detectors = detectors
        while let captured = state.detectQueue.pop() {
            let paused = !(view?.detectionEnabled ?? true)
            let result =
                paused
                ? DetectionResult(
                    frameIndex: captured.index, timestamp: captured.frame.timestamp, width: captured.frame.buffer.width,
                    height: captured.frame.buffer.height, features: [], milliseconds: 0)
                : captured.index % config.detection.every == 0
                    ? detectors.detect(captured.frame, index: captured.index)
                    : detectors.follow(captured.frame, index: captured.index)
            state.board.post(result)
            view?.offer(result)
            if !paused {
                state.metrics.update { m in
                    m.framesDetected += 1
                    m.features += result.features.count
                    m.detect.add(result.milliseconds)
                }
                if config.eventsKind == .frames { write { writer throws(PipelineError) in try writer.write(result) } }
            }
            objects(lifecycle.observe(result))
        }
        // However the run ended, every object that was new gets its end.
        objects(lifecycle.finish())
        do { try writer?.close() } catch { state.fail(error) }
    }
}
