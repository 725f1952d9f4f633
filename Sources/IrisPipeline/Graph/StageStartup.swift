import Dispatch
import Synchronization

/// How a stage thread tells the thread that started it whether it could open its device (a camera, a
/// display, a file): each stage opens and owns its device on its own thread, and the run waits for the
/// answer before it starts the next stage.
///
///     let startup = StageStartup<SourceInfo>(); … startup.succeed(info) …; let info = try startup.wait()
final class StageStartup<Value: Sendable>: Sendable {
    private let answered = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Value, PipelineError>?>(nil)

    func succeed(_ value: Value) { settle(.success(value)) }
    func fail(_ error: PipelineError) { settle(.failure(error)) }

    func wait() throws(PipelineError) -> Value {
        answered.wait()
        answered.signal()  // later callers see the same answer
        guard let result = outcome.withLock({ $0 }) else { throw .stageEndedWithoutStarting }
        return try result.get()
    }

    private func settle(_ result: Result<Value, PipelineError>) {
        let first = outcome.withLock { current -> Bool in
            guard current == nil else { return false }
            current = result
            return true
        }
        if first { answered.signal() }
    }
}
