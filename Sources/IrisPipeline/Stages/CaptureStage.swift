import Foundation
import IrisCore
import IrisVideo

/// The capture stage: opens the source on its own thread, reads frames as fast as the source gives them,
/// numbers them, and hands each to the render queue and every Nth to the detectors. It stops at the end of
/// the source, at the frame or duration limit, or when a stop is requested; then it closes both queues so
/// the other stages drain and finish. The run's stop latch is bound on this thread, so a source blocked on
/// a FIFO with no writer or a stalled standard input wakes when the stop comes (`InterruptibleIO`).
enum CaptureStage {
    static func run(_ state: RunState, startup: StageStartup<SourceInfo>, go: DispatchSemaphore) {
        StopLatch.$current.withValue(state.stop.latch) { capture(state, startup: startup, go: go) }
    }

    private static func capture(_ state: RunState, startup: StageStartup<SourceInfo>, go: DispatchSemaphore) {
        defer {
            state.renderQueue.close()
            state.detectQueue.close()
        }
        let source: any FrameSource
        do { source = try state.configuration.source.open() } catch {
            startup.fail(PipelineError(error))
            return
        }
        defer { source.close() }
        for note in source.configurationNotes { state.warn("\(source.sourceName): \(note)") }
        startup.succeed(
            SourceInfo(
                name: source.sourceName, isLive: source.isLive, nominalFrameDuration: source.nominalFrameDuration,
                expectedFrames: source.declaredFrameCount))
        // The other stages open their devices before the first frame is read.
        go.wait()
        let config = state.configuration
        let detecting = !config.detection.types.isEmpty
        var index = 0
        var firstTimestamp: Double?
        while state.stop.requested == nil {
            if let limit = config.frameLimit, index >= limit {
                state.stoppedBy.withLock { $0 = $0 ?? "frame limit" }
                break
            }
            let frame: Frame
            do {
                guard let next = try source.readFrame() else {
                    state.stoppedBy.withLock { $0 = $0 ?? "end of source" }
                    break
                }
                frame = next
            } catch {
                // A read the stop ended is the stop, not a failure of the source.
                if state.stop.requested != nil { break }
                state.fail(.sourceFailed(path: source.sourceName, cause: ErrorCause(error)))
                state.stoppedBy.withLock { $0 = $0 ?? "source error" }
                break
            }
            let first = firstTimestamp ?? frame.timestamp
            firstTimestamp = first
            if let duration = config.durationLimit, frame.timestamp - first >= duration {
                state.stoppedBy.withLock { $0 = $0 ?? "duration limit" }
                break
            }
            let captured = CapturedFrame(frame: frame, index: index, arrival: .now)
            let decodeErrors = source.decodeErrors
            let copied = source.copiesFrames ? frame.buffer.hostByteCount : 0
            let inPlace = frame.buffer.planes.contains { $0.borrowedMemory != nil }
            state.metrics.update {
                $0.framesIn += 1
                if inPlace { $0.framesReadInPlace += 1 }
                $0.decodeErrors = decodeErrors
                $0.traffic["capture", default: ByteTraffic()] += ByteTraffic(cpuCopied: copied)
            }
            state.sourceLost.store(source.framesLostAtSource, ordering: .relaxed)
            if detecting, index % config.detection.every == 0 || config.detection.followsEveryFrame,
                !state.detectQueue.push(captured)
            {
                state.board.abandon(index)
            }
            state.renderQueue.push(captured)
            index += 1
        }
        if let reason = state.stop.requested { state.stoppedBy.withLock { $0 = $0 ?? reason } }
        state.sourceLost.store(source.framesLostAtSource, ordering: .relaxed)
        let decodeErrors = source.decodeErrors
        state.metrics.update { $0.decodeErrors = decodeErrors }
    }
}

/// How many frames a run will take, from what the source declares (`FrameSource.declaredFrameCount`) and the limits.
enum SourceLength {
    /// The frames a run will take: the fewest of what the source holds, `--frames`, and the frames
    /// `--duration` spans at the source's frame rate (the capture stage stops at the first frame stamped at
    /// or past the duration, so a 2 s run of 30 fps takes 60). Nil when none is known: no progress bar.
    static func expectedFrames(declared: Int?, frameLimit: Int?, durationLimit: Double?, frameDuration: Double?) -> Int?
    {
        var byDuration: Int?
        if let durationLimit, let frameDuration, frameDuration > 0 {
            byDuration = max(1, Int((durationLimit / frameDuration - 1e-6).rounded(.up)))
        }
        return [declared, frameLimit, byDuration].compactMap { $0 }.min()
    }

}
