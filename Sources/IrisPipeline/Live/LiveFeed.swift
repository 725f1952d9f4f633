import Synchronization

/// The subscribers to one kind of live value (frames, detections, the end of the run): `publish` calls
/// each on the publishing thread, so a subscriber hands the value on (to an event loop) and returns.
/// A value nobody watches costs nothing: publishers ask `isWatched` before making it.
///
///     let subscription = view.frames.subscribe { frame in send(frame.jpeg) }; subscription.cancel()
public final class LiveFeed<Value: Sendable>: Sendable {
    private let handlers = Mutex<[Int: @Sendable (Value) -> Void]>([:])
    private let nextID = Atomic<Int>(0)

    public init() {}

    /// Calls `handler` with every value published from now on, until the subscription is cancelled.
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> LiveSubscription {
        let id = nextID.add(1, ordering: .relaxed).newValue
        handlers.withLock { $0[id] = handler }
        return LiveSubscription { [weak self] in self?.handlers.withLock { _ = $0.removeValue(forKey: id) } }
    }

    /// Whether anyone subscribes now.
    public var isWatched: Bool { handlers.withLock { !$0.isEmpty } }
    public var subscriberCount: Int { handlers.withLock { $0.count } }

    /// Calls every subscriber with `value`, outside the lock (a subscriber may cancel itself).
    public func publish(_ value: Value) {
        let current = handlers.withLock { Array($0.values) }
        for handler in current { handler(value) }
    }
}

/// A subscription to a `LiveFeed`; `cancel()` stops it (idempotent).
public final class LiveSubscription: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) { cancellation = Mutex(cancel) }

    public func cancel() {
        let cancel = cancellation.withLock { c in
            defer { c = nil }
            return c
        }
        cancel?()
    }
}
