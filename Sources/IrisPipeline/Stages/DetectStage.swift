import Foundation
import IrisCore
import IrisDetect

/// The detector stage: runs the detectors on the luma plane of the frames the capture stage passes it
/// (every Nth; every frame when it follows faces, running the full search on every Nth and following the
/// faces by their landmarks on the others), keeps face IDs with its tracker, posts each result for the
/// overlays, and writes it to the events file.
enum DetectStage {
    static func run(_ state: RunState, detectors: DetectorSet, startup: StageStartup<Bool>) {
        defer { state.board.close() }
        var events: EventsWriter?
        if let path = state.configuration.eventsPath {
            do { events = try EventsWriter(path: path, coordinates: state.configuration.eventCoordinates) } catch {
                startup.fail(error)
                // Drain so capture is never held up by a stage that could not start.
                while state.detectQueue.pop() != nil {}
                return
            }
        }
        startup.succeed(true)
        defer { events?.close() }
        var detectors = detectors
        while let captured = state.detectQueue.pop() {
            let result = captured.index % state.configuration.detection.every == 0
                ? detectors.detect(captured.frame, index: captured.index)
                : detectors.follow(captured.frame, index: captured.index)
            state.board.post(result)
            state.metrics.update { m in
                m.framesDetected += 1; m.features += result.features.count; m.detect.add(result.milliseconds)
            }
            if let writer = events {
                do { try writer.write(result) } catch {
                    state.fail(error)
                    events = nil
                }
            }
        }
    }
}
