import Foundation

/// One stage's thread: runs its loop once and can be waited for.
///
///     let render = StageThread(name: "iris.render") { renderLoop() }; …; render.join()
final class StageThread: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(name: String, _ body: @escaping @Sendable () -> Void) {
        let done = self.done
        let thread = Thread {
            body()
            done.signal()
        }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the loop to end; later calls return at once.
    func join() {
        done.wait()
        done.signal()
    }
}
