/// When the render stage yields cores to the encoder: while the recorder's queue is at least three quarters
/// full the encoder is what the run waits on, and the CPU renderer's parallel row bands only take cores from
/// its threads, so the stage renders on one band thread; once the queue is down to a quarter, on every core
/// again. The gap between the two marks keeps it from switching every frame.
///
///     var backlog = EncoderBacklog()
///     backlog.update(fill: 7.0 / 8)   // true: yield
struct EncoderBacklog {
    static let yieldAt = 0.75
    static let resumeAt = 0.25

    private(set) var yielding = false

    /// Takes the recorder queue's fill (items / capacity, 0…1) and returns whether to yield.
    @discardableResult
    mutating func update(fill: Double) -> Bool {
        if fill >= Self.yieldAt {
            yielding = true
        } else if fill <= Self.resumeAt {
            yielding = false
        }
        return yielding
    }
}
