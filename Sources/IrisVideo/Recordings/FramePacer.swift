#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sleeps until a frame's timestamp comes due on the monotonic clock, counting from the first frame.
struct FramePacer {
    private var origin: (instant: ContinuousClock.Instant, timestamp: Double)?

    /// Returns when `timestamp` (seconds on the recording's clock) is due; at once for the first frame.
    mutating func wait(for timestamp: Double) {
        guard let origin else {
            origin = (ContinuousClock.now, timestamp)
            return
        }
        let due = origin.instant + .seconds(max(0, timestamp - origin.timestamp))
        Self.sleep(until: due)
    }

    /// Forgets the origin, so the next frame is due at once (after a rewind).
    mutating func reset() { origin = nil }

    /// `nanosleep` in a loop: a signal may wake it early, and Task.sleep would need an async caller.
    private static func sleep(until due: ContinuousClock.Instant) {
        while true {
            let left = ContinuousClock.now.duration(to: due)
            guard left > .zero else { return }
            let (seconds, attoseconds) = left.components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            _ = nanosleep(&request, nil)
        }
    }
}
