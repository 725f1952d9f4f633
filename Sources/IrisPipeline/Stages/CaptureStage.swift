import Foundation
import IrisCore
import IrisVideo

/// The capture stage: opens the source on its own thread, reads frames as fast as the source gives them,
/// numbers them, and hands each to the render queue and every Nth to the detectors. It stops at the end of
/// the source, at the frame or duration limit, or when a stop is requested; then it closes both queues so
/// the other stages drain and finish. The run's stop latch is bound on this thread (`StageGraph`), so a
/// source blocked on a FIFO with no writer or a stalled standard input wakes when the stop comes
/// (`InterruptibleIO`).
struct CaptureStage: PipelineStage {
    static let frames = PortDeclaration<CapturedFrame>("the capture's frames", carries: BufferKind.readable)

    /// What it reads and when it stops.
    struct Settings: Sendable {
        var source: SourceRequest
        var frameLimit: Int?
        var durationLimit: Double?
        /// Every how many frames one goes to the detectors.
        var detectionEvery = 1
        /// Every frame goes to the detectors (they follow faces between full searches).
        var detectsEveryFrame = false
    }

    let settings: Settings
    let services: StageServices
    /// To the render stage.
    let frames: OutputPort<CapturedFrame>
    /// To the detectors.
    let detections: OutputPort<CapturedFrame>
    /// Told of every frame the detectors will not see, so the render stage does not wait for its result.
    let board: DetectionBoard?

    var name: String { "iris.capture" }
    var outputs: [any ClosableOutput] { [frames, detections] }

    func open() throws(PipelineError) -> (device: any FrameSource, opened: SourceInfo) {
        let source: any FrameSource
        do { source = try settings.source.open() } catch { throw PipelineError(error) }
        for note in source.configurationNotes { services.warn("\(source.sourceName): \(note)") }
        let info = SourceInfo(
            name: source.sourceName, isLive: source.isLive, nominalFrameDuration: source.nominalFrameDuration,
            expectedFrames: source.declaredFrameCount)
        return (source, info)
    }

    func run(_ source: any FrameSource) {
        defer { source.close() }
        let metrics = services.metrics
        var index = 0
        var firstTimestamp: Double?
        while services.stop.requested == nil {
            if let limit = settings.frameLimit, index >= limit {
                services.stopped(by: "frame limit")
                break
            }
            let frame: Frame
            do {
                guard let next = try source.readFrame() else {
                    services.stopped(by: "end of source")
                    break
                }
                frame = next
            } catch {
                // A read the stop ended is the stop, not a failure of the source.
                if services.stop.requested != nil { break }
                services.fail(.sourceFailed(path: source.sourceName, cause: ErrorCause(error)))
                services.stopped(by: "source error")
                break
            }
            let first = firstTimestamp ?? frame.timestamp
            firstTimestamp = first
            if let duration = settings.durationLimit, frame.timestamp - first >= duration {
                services.stopped(by: "duration limit")
                break
            }
            let captured = CapturedFrame(frame: frame, index: index, arrival: .now)
            let decodeErrors = source.decodeErrors, lost = source.framesLostAtSource
            let copied = source.copiesFrames ? frame.buffer.hostByteCount : 0
            let inPlace = BufferKind.of(frame.buffer) != .hostMemory
            metrics.update {
                $0.framesIn += 1
                if inPlace { $0.framesReadInPlace += 1 }
                $0.decodeErrors = decodeErrors
                $0.sourceLost = lost
                $0.traffic["capture", default: ByteTraffic()] += ByteTraffic(cpuCopied: copied)
            }
            if detections.isConnected,
                index % settings.detectionEvery == 0 || settings.detectsEveryFrame,
                !detections.push(captured)
            {
                board?.abandon(index)
            }
            frames.push(captured)
            index += 1
        }
        if let reason = services.stop.requested { services.stopped(by: reason) }
        let decodeErrors = source.decodeErrors, lost = source.framesLostAtSource
        metrics.update {
            $0.decodeErrors = decodeErrors
            $0.sourceLost = lost
        }
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
