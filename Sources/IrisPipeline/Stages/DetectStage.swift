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
struct DetectStage: PipelineStage {
    static let frames = PortDeclaration<CapturedFrame>("the detectors", carries: BufferKind.readable)

    /// How results become events.
    struct Settings: Sendable {
        /// Every how many frames the full search runs; the frames between are followed.
        var every = 1
        var eventsKind: EventsKind = .frames
        var cameraName = PipelineConfiguration.defaultCameraName
        var eventCoordinates: CoordinateConvention = .bottomLeft
        var objects = ObjectLifecycle.Settings()
    }

    let settings: Settings
    let services: StageServices
    let detectors: DetectorSet
    let frames: InputPort<CapturedFrame>
    /// Where the overlays' results go: the render stage reads them.
    let board: DetectionBoard
    /// Claimed by the pipeline before the source opened; finished (renamed into place) when the stage ends,
    /// also after a write failure, so the lines written so far are kept.
    let events: EventsWriter?
    /// The live outputs (web previews, a publisher), shown every result and event.
    let view: LiveView?

    var name: String { "iris.detect" }
    var outputs: [any ClosableOutput] { [board] }

    func run(_: Void) {
        var writer = events
        var lifecycle = ObjectLifecycle(
            camera: settings.cameraName, coordinates: settings.eventCoordinates, settings: settings.objects)
        func write(_ line: (EventsWriter) throws(PipelineError) -> Void) {
            guard let current = writer else { return }
            do { try line(current) } catch {
                services.fail(error)
                do { try current.close() } catch { services.fail(error) }
                writer = nil
            }
        }
        func objects(_ lifecycleEvents: [ObjectEvent]) {
            for event in lifecycleEvents {
                if settings.eventsKind == .objects {
                    write { writer throws(PipelineError) in try writer.write(event) }
                }
                view?.offer(event)
            }
        }
        var detectors = detectors
        while let captured = frames.pop() {
            let paused = !(view?.detectionEnabled ?? true)
            let result =
                paused
                ? DetectionResult(
                    frameIndex: captured.index, timestamp: captured.frame.timestamp, width: captured.frame.buffer.width,
                    height: captured.frame.buffer.height, features: [], milliseconds: 0)
                : captured.index % settings.every == 0
                    ? detectors.detect(captured.frame, index: captured.index)
                    : detectors.follow(captured.frame, index: captured.index)
            board.post(result)
            view?.offer(result)
            if !paused {
                services.metrics.update { m in
                    m.framesDetected += 1
                    m.features += result.features.count
                    m.detect.add(result.milliseconds)
                }
                if settings.eventsKind == .frames {
                    write { writer throws(PipelineError) in try writer.write(result) }
                }
            }
            objects(lifecycle.observe(result))
        }
        // However the run ended, every object that was new gets its end.
        objects(lifecycle.finish())
        do { try writer?.close() } catch { services.fail(error) }
    }
}
