#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// A stop that every blocking wait of a run can see: once tripped it stays tripped, and its
/// `wakeDescriptor` (the read end of a pipe) stays readable, so a `poll(2)` that includes it returns at
/// once, whether it started before or after the trip. `InterruptibleIO` waits on it; readers and the
/// recorder take the latch that is `current` on the thread that makes them.
///
/// `StopLatch.process` is the one signals trip (`StopSignals` in IrisPipeline, installed at the start of
/// `main`); a pipeline binds its own `StopRequest`'s latch on each stage thread with `$current.withValue`.
/// Trips are counted: the first asks waits to end (reads and opens end at once, writes that still
/// deliver get `writeGrace`), the second ends every wait at once, so a repeated Ctrl-C is never lost.
///
///     let latch = StopLatch()
///     StopLatch.$current.withValue(latch) { … readers made here wait on `latch` … }
///     latch.trip("SIGINT")   // any thread
public final class StopLatch: Sendable {
    /// The latch signals trip; the default `current` latch of every thread.
    public static let process = StopLatch()
    /// The latch waits made on this thread use; bound per stage thread by the pipeline.
    @TaskLocal public static var current: StopLatch = .process

    /// How long, after the first trip, a write that a reader is still taking may wait (a FIFO's reader
    /// finishing the last frames); a second trip ends it at once.
    public static let writeGrace: Duration = .seconds(1)

    private struct State {
        var reason: String?
        var trips = 0
        var firstTrip: ContinuousClock.Instant?
    }
    private let state = Mutex(State())
    /// Readable once the latch has tripped, and for ever after (nothing ever reads it).
    public let wakeDescriptor: Int32
    private let wakeWriter: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for fd in ends {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
        // Without a pipe (no descriptors left) waits fall back to polling `isTripped` every few ms.
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
    }

    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if wakeWriter >= 0 { close(wakeWriter) }
    }

    /// Trips the latch (any thread). The first reason is kept; every call counts.
    public func trip(_ reason: String) {
        let first = state.withLock { s -> Bool in
            s.trips += 1
            guard s.reason == nil else { return false }
            s.reason = reason
            s.firstTrip = .now
            return true
        }
        if first, wakeWriter >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
    }

    /// The first trip's reason ("SIGINT", "frame limit"…), nil while not tripped.
    public var reason: String? { state.withLock { $0.reason } }
    public var isTripped: Bool { reason != nil }
    /// How many times it was tripped.
    public var trips: Int { state.withLock { $0.trips } }

    /// How long a blocked write may still wait: nil while not tripped (no limit), zero once the grace
    /// after the first trip is spent or after a second trip.
    public func writeTimeLeft(now: ContinuousClock.Instant = .now) -> Duration? {
        state.withLock { s in
            guard let first = s.firstTrip else { return nil }
            if s.trips >= 2 { return .zero }
            let left = Self.writeGrace - (now - first)
            return left > .zero ? left : .zero
        }
    }
}
