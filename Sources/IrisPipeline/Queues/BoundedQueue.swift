import Foundation
import Synchronization

/// A first-in first-out queue of at most `capacity` items between two threads, with an explicit policy
/// for a full queue (`QueuePolicy`) and counts of what passed and what was dropped. Closing it lets the
/// consumer drain what is queued and then read nil.
///
///     let queue = BoundedQueue<Int>(name: "frames", capacity: 2, policy: .block)
///     queue.push(1); queue.close(); while let item = queue.pop() { … }
public final class BoundedQueue<Element: Sendable>: Sendable {
    public let name: String
    public let capacity: Int
    public let policy: QueuePolicy

    private struct State {
        /// Taken and dropped slots are cleared at once, so an item's buffers (a scanout buffer, a camera
        /// buffer) are let go the moment the queue is done with it.
        var items: [Element?] = []
        var head = 0
        var closed = false
        var statistics = QueueStatistics()
        var count: Int { items.count - head }

        /// Drops consumed slots now and then, so the array does not grow with the frames that passed.
        mutating func compact() {
            if head > 32 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
        }
    }

    /// The condition's lock orders waits and wake-ups; the state itself sits in a Mutex taken inside it.
    private let condition = NSCondition()
    private let state = Mutex(State())

    public init(name: String, capacity: Int, policy: QueuePolicy) {
        self.name = name
        self.capacity = max(1, capacity)
        self.policy = policy
    }

    /// Adds an item, following the policy when the queue is full. Returns false when the item was not
    /// queued: the queue was closed, or the policy dropped this very item (`dropNewest`).
    @discardableResult
    public func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let outcome: PushOutcome = state.withLock { s in
                if s.closed { return .refused }
                if s.count < capacity {
                    s.items.append(item)
                    s.statistics.pushed += 1
                    s.statistics.maximumDepth = max(s.statistics.maximumDepth, s.count)
                    return .queued
                }
                switch policy {
                case .block: return .mustWait
                case .dropOldest:
                    s.items[s.head] = nil
                    s.head += 1
                    s.statistics.dropped += 1
                    s.items.append(item)
                    s.statistics.pushed += 1
                    s.compact()
                    return .queued
                case .dropNewest:
                    s.statistics.dropped += 1
                    return .refused
                }
            }
            switch outcome {
            case .queued:
                condition.broadcast()
                return true
            case .refused: return false
            case .mustWait: condition.wait()
            }
        }
    }

    /// The oldest item, waiting for one; nil once the queue is closed and empty.
    public func pop() -> Element? {
        if case let .item(item) = pop(until: nil) { return item }
        return nil
    }

    /// What `pop(waitingAtMost:)` found.
    public enum Popped {
        case item(Element)
        case closed, timedOut
    }

    /// `pop`, giving up with `.timedOut` after `timeout` without an item (a consumer with timed work of
    /// its own, such as the recorder's flush of a stalled source).
    public func pop(waitingAtMost timeout: Duration) -> Popped {
        pop(
            until: Date().addingTimeInterval(
                Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18))
    }

    /// The one taking loop: waits for an item or the close, and until `deadline` when there is one.
    private func pop(until deadline: Date?) -> Popped {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let taken: Element?? = state.withLock { s in
                if s.count > 0, let item = s.items[s.head] {
                    s.items[s.head] = nil
                    s.head += 1
                    s.statistics.popped += 1
                    s.compact()
                    return .some(item)
                }
                return s.closed ? .some(nil) : nil
            }
            if let taken {
                condition.broadcast()
                return taken.map(Popped.item) ?? .closed
            }
            if let deadline {
                if !condition.wait(until: deadline) { return .timedOut }
            } else {
                condition.wait()
            }
        }
    }

    /// No more pushes: waiting producers return, the consumer drains what is left.
    public func close() {
        condition.lock()
        state.withLock { $0.closed = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Empties the queue, counting what it held as dropped (an abort, not a drain).
    public func discardAll() {
        condition.lock()
        state.withLock { s in
            s.statistics.dropped += s.count
            s.items.removeAll()
            s.head = 0
        }
        condition.broadcast()
        condition.unlock()
    }

    public var statistics: QueueStatistics { state.withLock { $0.statistics } }
    public var count: Int { state.withLock { $0.count } }

    private enum PushOutcome { case queued, refused, mustWait }
}

/// What went through a queue.
public struct QueueStatistics: Sendable, Equatable, Codable {
    public var pushed = 0
    public var popped = 0
    /// Items discarded by the policy or by `discardAll`.
    public var dropped = 0
    /// The most items it held at once.
    public var maximumDepth = 0
    public init() {}
}
