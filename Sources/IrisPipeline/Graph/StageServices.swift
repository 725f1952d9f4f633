import Synchronization

/// What every stage of a run may use besides its own ports and settings: the stop, the metrics, and the
/// place errors and warnings go. The queues between stages register here, so a snapshot of the metrics
/// carries their counts.
///
///     services.fail(.display(card: path, cause: cause)); services.metrics.update { $0.framesShown += 1 }
final class StageServices: Sendable {
    let stop: StopRequest
    let metrics = PipelineMetrics()

    private let errorList = Mutex<[PipelineError]>([])
    private let warningList = Mutex<[String]>([])
    private let stopReason = Mutex<String?>(nil)
    private let edges = Mutex<[any StageEdge]>([])

    init(stop: StopRequest) { self.stop = stop }

    func fail(_ error: PipelineError) { errorList.withLock { $0.append(error) } }
    func warn(_ text: String) { warningList.withLock { $0.append(text) } }
    var errors: [PipelineError] { errorList.withLock { $0 } }
    var warnings: [String] { warningList.withLock { $0 } }

    /// Records why the run stopped, unless an earlier reason was recorded.
    func stopped(by reason: String) { stopReason.withLock { $0 = $0 ?? reason } }
    /// "end of source", "frame limit", a signal's name…; nil while the run goes on.
    var stoppedBy: String? { stopReason.withLock { $0 } }

    func register(_ edge: any StageEdge) { edges.withLock { $0.append(edge) } }
    /// Every queue between stages, closed: a run abandoned at start-up lets each stage's loop end.
    func closeEveryEdge() { edges.withLock { $0 }.forEach { $0.close() } }

    func snapshot(expectedFrames: Int?) -> MetricsSnapshot {
        let queues = edges.withLock { $0 }.reduce(into: [String: QueueStatistics]()) { $0[$1.name] = $1.statistics }
        return metrics.snapshot(queues: queues, expectedFrames: expectedFrames)
    }
}

/// A queue between two stages, seen without its item type.
protocol StageEdge: Sendable {
    var name: String { get }
    var statistics: QueueStatistics { get }
    func close()
}

extension BoundedQueue: StageEdge {}
