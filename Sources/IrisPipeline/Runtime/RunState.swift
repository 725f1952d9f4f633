import Foundation
import IrisCore
import IrisFilters
import Synchronization

/// What the stages of one run share: the configuration, the queues between them, the detection board,
/// the metrics, and the errors and warnings they report. Each device (camera, display, recorder) is owned
/// by its stage's thread, never shared.
final class RunState: Sendable {
    let configuration: PipelineConfiguration
    let stop: StopRequest
    let metrics = PipelineMetrics()
    let board = DetectionBoard()
    /// The filter chain, read by the render stage for every frame; a web preview's controls may change it.
    let chain: LiveChain

    /// capture → render. Files: block (nothing lost). Cameras: drop the oldest, so capture never waits.
    let renderQueue: BoundedQueue<CapturedFrame>
    /// capture → detectors, every Nth frame. Files: block. Cameras: drop the newest while the detectors are busy.
    let detectQueue: BoundedQueue<CapturedFrame>
    /// render → preview: one slot, the oldest dropped, so the display shows the newest frame.
    let displayQueue = BoundedQueue<PreviewFrame>(name: "display", capacity: 1, policy: .dropOldest)
    /// render → recorder: blocks, so the recording drops nothing by itself.
    let recordQueue = BoundedQueue<RenderedFrame>(name: "record", capacity: 8, policy: .block)
    /// render → web previews: one slot, the oldest dropped, so viewers get the newest frame.
    let liveQueue = BoundedQueue<RenderedFrame>(name: "web", capacity: 1, policy: .dropOldest)

    private let errorList = Mutex<[PipelineError]>([])
    private let warningList = Mutex<[String]>([])
    let sourceLost = Atomic<Int>(0)
    let recording = Mutex<RecordingOutcome?>(nil)
    let stoppedBy = Mutex<String?>(nil)

    init(configuration: PipelineConfiguration, stop: StopRequest, specs: [FilterSpec], live: Bool) {
        self.configuration = configuration
        self.stop = stop
        self.chain = LiveChain(specs)
        renderQueue = BoundedQueue(name: "render", capacity: live ? 2 : 4, policy: live ? .dropOldest : .block)
        detectQueue = BoundedQueue(name: "detect", capacity: live ? 1 : 3, policy: live ? .dropNewest : .block)
    }

    var waitsForDetections: Bool { renderQueue.policy == .block }

    func fail(_ error: PipelineError) { errorList.withLock { $0.append(error) } }
    func warn(_ text: String) { warningList.withLock { $0.append(text) } }
    var errors: [PipelineError] { errorList.withLock { $0 } }
    var warnings: [String] { warningList.withLock { $0 } }

    func snapshot(expectedFrames: Int?) -> MetricsSnapshot {
        let queues = [
            renderQueue.name: renderQueue.statistics, detectQueue.name: detectQueue.statistics,
            displayQueue.name: displayQueue.statistics, recordQueue.name: recordQueue.statistics,
            liveQueue.name: liveQueue.statistics
        ]
        return metrics.snapshot(
            queues: queues, sourceLost: sourceLost.load(ordering: .relaxed), expectedFrames: expectedFrames)
    }
}

/// How the recording ended: its file, frames, encoder and size.
public struct RecordingOutcome: Sendable, Equatable {
    public let path: String
    public let frames: Int
    public let encoder: String
    public let width: Int
    public let height: Int
    /// The last frame's time in the file, seconds from the first.
    public let lastTimestamp: Double?
}
