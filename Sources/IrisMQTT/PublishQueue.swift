import Foundation
import Synchronization

/// The messages waiting for the broker, first in first out. Events queue up to `capacity`; past it the oldest
/// message goes (counted by kind). Any other message replaces a waiting one on the same topic, since only
/// the newest state, count or figures matter: while the broker is away the queue holds the events in order
/// and one of everything else.
final class PublishQueue: Sendable {
    let capacity: Int
    private struct State {
        var messages: [MQTTMessage] = []
        var droppedEvents = 0
        var closed = false
    }
    private let state = Mutex(State())
    private let changed = NSCondition()

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Queues `message`; returns the number of events dropped to make room (0 or 1).
    @discardableResult
    func push(_ message: MQTTMessage) -> Int {
        let dropped = state.withLock { s -> Int in
            guard !s.closed else { return 0 }
            if message.kind != .event,
                let same = s.messages.firstIndex(where: { $0.kind != .event && $0.topic == message.topic })
            {
                s.messages[same] = message
                return 0
            }
            var dropped = 0
            if s.messages.count >= capacity {
                if s.messages.removeFirst().kind == .event {
                    dropped = 1
                    s.droppedEvents += 1
                }
            }
            s.messages.append(message)
            return dropped
        }
        changed.lock()
        changed.broadcast()
        changed.unlock()
        return dropped
    }

    /// The first message, waiting for one until `deadline`; nil when none came, or the queue is closed and empty.
    func pop(until deadline: Date) -> MQTTMessage? {
        changed.lock()
        defer { changed.unlock() }
        while true {
            let (message, done) = state.withLock { s -> (MQTTMessage?, Bool) in
                if !s.messages.isEmpty { return (s.messages.removeFirst(), false) }
                return (nil, s.closed)
            }
            if message != nil || done { return message }
            guard changed.wait(until: deadline) else { return nil }
        }
    }

    /// Puts a message that could not be sent back at the front, where it was.
    func putBack(_ message: MQTTMessage) {
        state.withLock { $0.messages.insert(message, at: 0) }
    }

    var count: Int { state.withLock { $0.messages.count } }
    var isClosed: Bool { state.withLock { $0.closed } }
    var eventCount: Int { state.withLock { $0.messages.filter { $0.kind == .event }.count } }

    /// No more messages: `pop` drains what is queued, then gives nil.
    func close() {
        state.withLock { $0.closed = true }
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }
}
