import IrisVideo

/// Asks a running pipeline to stop: the source stops, the queues drain, the recording is finished and the
/// display restored. Signals set it (`StopSignals`), and so can any thread. It is a `StopLatch`
/// underneath, which the pipeline binds on each stage thread, so a stage blocked on a FIFO, a stalled
/// standard input or an output FIFO nobody reads wakes at once (see `InterruptibleIO`); a second request
/// ends even the writes that a first one lets finish.
///
///     let stop = StopRequest(); …; stop.request("SIGTERM")
///     let stop = StopRequest.process   // the one signals stop, even those that came before the run
public final class StopRequest: Sendable {
    /// The latch waits see.
    public let latch: StopLatch

    /// A stop of its own, tripped only by `request`.
    public convenience init() { self.init(latch: StopLatch()) }

    /// A stop over `latch`: `StopLatch.process` makes it the stop every signal trips (`StopSignals`).
    public init(latch: StopLatch) { self.latch = latch }

    /// The stop of the whole process: tripped by SIGINT, SIGTERM, SIGHUP and SIGQUIT once `StopSignals`
    /// is installed, including signals that arrived before this run was made.
    public static var process: StopRequest { StopRequest(latch: .process) }

    /// Records the first reason; later ones are counted (a second request ends every wait at once).
    public func request(_ why: String) { latch.trip(why) }

    /// Why the stop was asked for, nil while it has not been.
    public var requested: String? { latch.reason }

    /// How many times a stop was asked for.
    public var requests: Int { latch.trips }
}
