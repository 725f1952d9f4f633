/// Turns frames' capture timestamps (seconds, any origin) into presentation ticks of 1/90 000 s counted
/// from the first frame, keeping the gaps between frames as they were: variable frame rate survives.
/// A frame that does not come strictly after the previous one is refused (a container cannot hold two
/// frames at one instant), and counted. A frame that does come after it but less than a tick later (a
/// Y4M header claiming 10⁹ frames a second, a camera's jittery clock) is placed one tick after it rather
/// than dropped: every frame whose time advances is kept.
///
///     var timeline = RecorderTimeline(); timeline.ticks(for: 12.5)   // 0, then 3003 for 12.5333…
struct RecorderTimeline {
    /// 90 kHz, MPEG's clock: exact for 24, 25, 30, 50, 60 and the NTSC 1001 rates.
    static let ticksPerSecond: Int64 = 90_000

    private(set) var origin: Double?
    private(set) var lastTicks: Int64?
    /// The last accepted frame's own timestamp, which decides whether the next one advances.
    private(set) var lastTimestamp: Double?
    /// The gap between the last two accepted frames, used as the last frame's duration.
    private(set) var lastDuration: Int64?
    private(set) var refused = 0

    /// The frame's ticks, or nil when it does not come after the previous frame.
    mutating func ticks(for timestamp: Double) -> Int64? {
        guard timestamp.isFinite else {
            refused += 1
            return nil
        }
        let start = origin ?? timestamp
        origin = start
        var ticks = Int64(((timestamp - start) * Double(Self.ticksPerSecond)).rounded())
        if let last = lastTicks, let previous = lastTimestamp {
            guard timestamp > previous else {
                refused += 1
                return nil
            }
            ticks = max(ticks, last + 1)
            lastDuration = ticks - last
        }
        lastTicks = ticks
        lastTimestamp = timestamp
        return ticks
    }

    /// Seconds from the first frame of the file for `ticks`: the timestamp a reader gives back.
    static func seconds(_ ticks: Int64) -> Double { Double(ticks) / Double(ticksPerSecond) }
}
