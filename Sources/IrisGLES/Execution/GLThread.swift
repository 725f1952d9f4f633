import Dispatch
import Foundation
import IrisCore
import Synchronization

/// The one OS thread that owns a renderer's EGL context. GL state (the `GLESBackend`) is created on it and
/// never leaves it; other threads hand it jobs and block until their results come back.
final class GLThread: Sendable {
    private typealias Job = @Sendable (GLESBackend) -> Void
    /// A nil job asks the thread to tear down its context and end.
    private let jobs = Mutex<[Job?]>([])
    private let jobsWaiting = DispatchSemaphore(value: 0)
    /// Signalled once the context is released, so `stop()` can wait: exiting the process while this
    /// thread is still inside EGL teardown races Mesa's exit handlers and corrupts the heap.
    private let finished = DispatchSemaphore(value: 0)

    /// What the backend's renders moved (uploads, readbacks, the copies around them); read from any thread.
    let traffic = ByteTrafficCounter()
    /// How dmabuf planes reach the GPU (`GLESRenderer.planeImport`).
    let planeImport = PlaneImportReport()

    private init() {}

    /// Starts the thread and builds the backend on it; returns once the context exists, or throws why it could not.
    static func start(options: GLESRenderer.Options) throws(RenderError) -> (GLThread, GLESInfo) {
        let worker = GLThread()
        let startup = ResultSlot<GLESInfo>()
        let thread = Thread { worker.main(options: options, startup: startup) }
        thread.name = "iris-gles"
        thread.stackSize = 4 << 20
        thread.start()
        return (worker, try startup.wait())
    }

    /// Runs `body` on the GL thread and waits for its result.
    func perform<Value: Sendable>(_ body: @escaping @Sendable (GLESBackend) throws(RenderError) -> Value)
        throws(RenderError) -> Value
    {
        let slot = ResultSlot<Value>()
        enqueue { backend in slot.fill(Result { () throws(RenderError) -> Value in try body(backend) }) }
        return try slot.wait()
    }

    /// Queues `body` on the GL thread without waiting for it.
    func performDetached(_ body: @escaping @Sendable (GLESBackend) -> Void) {
        enqueue(body)
    }

    /// Lets the thread finish the jobs already queued, release the context, and end; returns when it has.
    func stop() {
        enqueue(nil)
        finished.wait()
    }

    private func enqueue(_ job: Job?) {
        jobs.withLock { $0.append(job) }
        jobsWaiting.signal()
    }

    private func main(options: GLESRenderer.Options, startup: ResultSlot<GLESInfo>) {
        let backend: GLESBackend
        do {
            backend = try GLESBackend(options: options, traffic: traffic, planeImport: planeImport)
        } catch {
            startup.fill(.failure(error))
            finished.signal()
            return
        }
        startup.fill(.success(backend.info))
        while true {
            jobsWaiting.wait()
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { break }
            job(backend)
        }
        backend.close()
        finished.signal()
    }
}
