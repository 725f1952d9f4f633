import Synchronization

/// How many row-band threads a `CPURenderer`'s next renders may use, below its `Options.threads`: a caller
/// whose renders wait on slower work lowers it, so the renders leave cores to that work (the pipeline's render
/// stage does while the encoder falls behind). Shared by the renderer's copies, read once a render.
///
///     renderer.threadLimit.set(1)   // the next renders run on the calling thread alone
public final class ThreadLimit: Sendable {
    private let value = Atomic<Int>(Int.max)

    public init() {}

    /// The limit now: `Int.max` until something lowers it.
    public var current: Int { value.load(ordering: .relaxed) }

    /// Sets the limit (at least 1); `Int.max` lifts it.
    public func set(_ threads: Int) { value.store(max(threads, 1), ordering: .relaxed) }
}
