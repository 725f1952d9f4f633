import Foundation
import Synchronization

/// Where the detector stage posts results and the render stage reads them. For a file source the render
/// stage waits for the result of the frame it needs (so the recording is the same on every run); for a
/// camera it never waits and draws the newest result there is.
///
///     board.post(result); let latest = board.result(atOrBefore: 12, waiting: false)
public final class DetectionBoard: Sendable {
    private struct State {
        var results: [Int: DetectionResult] = [:]
        var newest: DetectionResult?
        /// Frames the detector stage will not deliver (skipped or failed), so nobody waits for them.
        var abandoned: Set<Int> = []
        var closed = false
    }
    private let condition = NSCondition()
    private let state = Mutex(State())

    public init() {}

    public func post(_ result: DetectionResult) {
        condition.lock()
        state.withLock { s in
            s.results[result.frameIndex] = result
            if (s.newest?.frameIndex ?? -1) < result.frameIndex { s.newest = result }
            // Keep a short history: the render stage only asks for recent frames.
            if s.results.count > 64, let oldest = s.results.keys.min() { s.results[oldest] = nil }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Marks a frame whose result will never come (the detector queue dropped it).
    public func abandon(_ frameIndex: Int) {
        condition.lock()
        state.withLock { _ = $0.abandoned.insert(frameIndex) }
        condition.broadcast()
        condition.unlock()
    }

    /// No more results: waiters return what there is.
    public func close() {
        condition.lock()
        state.withLock { $0.closed = true }
        condition.broadcast()
        condition.unlock()
    }

    /// The result of frame `index` (waiting for it when `waiting`), or, when it will not come or
    /// `waiting` is false, the newest result posted so far.
    public func result(for index: Int, waiting: Bool) -> DetectionResult? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let (found, give): (DetectionResult?, Bool) = state.withLock { s in
                if let exact = s.results[index] { return (exact, true) }
                if !waiting || s.closed || s.abandoned.contains(index) { return (s.newest, true) }
                return (nil, false)
            }
            if give { return found }
            condition.wait()
        }
    }

    public var newest: DetectionResult? { state.withLock { $0.newest } }
}
