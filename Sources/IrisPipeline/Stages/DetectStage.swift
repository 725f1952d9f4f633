import Foundation
import IrisCore
import IrisDetect

/// The detector stage: runs the detectors on the luma plane of the frames the capture stage passes it
/// (every Nth; every frame when it follows faces, running the full search on every Nth and following the
/// faces by their landmarks on the others), keeps face IDs with its tracker, posts each result for the
/// overlays, writes it to the events file, and shows it to web viewers.
enum DetectStage {
    /// `events`, claimed by the pipeline before the source opened, is finished (renamed into place) when
    /// the stage ends, also after a write failure, so the lines written so far are kept.
    static func run(_ state: RunState, detectors: DetectorSet, events: EventsWriter?, view: LiveView?, startup: StageStartup<Bool>) {
        defer { state.board.close() }
        startup.succeed(true)
        var events = events
        defer {
            do { try events?.close() } catch { state.fail(error) }
        }
        var detectors = detectors
        while let captured = state.detectQueue.pop() {
            let result = captured.index % state.configuration.detection.every == 0
                ? detectors.detect(captured.frame, index: captured.index)
                : detectors.follow(captured.frame, index: captured.index)
            state.board.post(result)
            view?.offer(result)
            state.metrics.update { m in
                m.framesDetected += 1; m.features += result.features.count; m.detect.add(result.milliseconds)
            }
            if let writer = events {
                do { try writer.write(result) } catch {
                    state.fail(error)
                    do { try writer.close() } catch { state.fail(error) }
                    events = nil
                }
            }
        }
    }
}
