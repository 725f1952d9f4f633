import Synchronization

/// Asks a running pipeline to stop: the source stops, the queues drain, the recording is finished and the
/// display restored. Signals set it (`StopSignals`), and so can any thread.
///
///     let stop = StopRequest(); …; stop.request("SIGTERM")
public final class StopRequest: Sendable {
    private let reason = Mutex<String?>(nil)
    public init() {}

    /// Records the first reason; later ones are ignored.
    public func request(_ why: String) { reason.withLock { if $0 == nil { $0 = why } } }

    /// Why the stop was asked for, nil while it has not been.
    public var requested: String? { reason.withLock { $0 } }
}
