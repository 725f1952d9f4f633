import Synchronization

/// What a stage leaves for the run once its thread has ended (how the recording ended), read after `join`.
///
///     stage.outcome.set(finished); …; graph.join(); let recording = stage.outcome.value
final class StageOutcome<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func set(_ value: Value) { stored.withLock { $0 = value } }
    var value: Value? { stored.withLock { $0 } }
}
