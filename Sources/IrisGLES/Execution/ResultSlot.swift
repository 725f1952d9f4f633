import Dispatch
import IrisCore
import Synchronization

/// Carries one result from the GL thread back to the thread waiting for it.
final class ResultSlot<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, RenderError>?>(nil)
    private let filled = DispatchSemaphore(value: 0)

    func fill(_ value: Result<Value, RenderError>) {
        result.withLock { $0 = value }
        filled.signal()
    }

    /// Blocks until `fill` has been called.
    func wait() throws(RenderError) -> Value {
        filled.wait()
        guard let value = result.withLock({ $0 }) else {
            throw .deviceUnavailable(renderer: "gles", reason: "the GL thread ended without an answer")
        }
        return try value.get()
    }
}
