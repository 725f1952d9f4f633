/// When a recording pushes what it holds to the file, and when it asks the disk to keep it.
///
/// A fragment (MP4) or cluster (MKV) is closed and written every half second of wall-clock time or every
/// second of the recording's own time, whichever comes first, so a SIGKILL loses at most about a second
/// whether frames come slower than real time (a slow renderer) or faster (a transcode). `fdatasync` runs
/// at most once a second of wall-clock time, so a power cut loses about as much as a SIGKILL.
struct RecorderFlushPolicy {
    static let wallInterval: Duration = .milliseconds(500)
    static let mediaInterval: Int64 = RecorderTimeline.ticksPerSecond
    static let syncInterval: Duration = .seconds(1)

    private var lastFlush = ContinuousClock.now
    private var lastFlushTicks: Int64?
    private var lastSync = ContinuousClock.now

    /// Whether a flush is due after the frame at `ticks`.
    mutating func flushDue(afterTicks ticks: Int64, now: ContinuousClock.Instant = .now) -> Bool {
        guard let last = lastFlushTicks else {
            lastFlushTicks = ticks
            return false
        }
        guard now - lastFlush >= Self.wallInterval || ticks - last >= Self.mediaInterval else { return false }
        lastFlush = now
        lastFlushTicks = ticks
        return true
    }

    /// Whether a flush that just happened should also reach the disk.
    mutating func syncDue(now: ContinuousClock.Instant = .now) -> Bool {
        guard now - lastSync >= Self.syncInterval else { return false }
        lastSync = now
        return true
    }
}
