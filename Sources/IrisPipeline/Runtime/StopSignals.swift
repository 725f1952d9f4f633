import Foundation
import IrisVideo
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The one signal path of every command. SIGINT, SIGTERM, SIGHUP and SIGQUIT are caught by a handler that
/// only writes the signal's number into a pipe (async-signal-safe); a thread reads the pipe and acts:
///
/// - `.stopRun` (a pipeline: `run`, `record`, `preview`): trips `StopLatch.process` — the latch of
///   `StopRequest.process` — so the run stops and finishes its files, and every wait blocked on a FIFO
///   or a stalled stream wakes (`InterruptibleIO`). Each further signal trips it again: the second ends
///   even the writes to a FIFO that the first lets finish. SIGQUIT is one more way to say stop, like SIGTERM
///   (no core dump).
/// - `.exit` (commands with nothing to finish): the process ends at once, by the signal itself for
///   SIGINT, SIGTERM and SIGHUP (status 130, 143, 129 in a shell), with status 131 for SIGQUIT.
///
/// `install()` is the first thing `main` does, so a signal that comes while the command line is parsed
/// or the pipeline is built is kept in the pipe, not lost; `start(mode:)` acts on it as soon as the
/// command is known. SIGPIPE is ignored, so a closed pipe on the other end of standard output or error
/// cannot take a recording down; a SIGHUP ignored by whoever started Iris (`nohup`) stays ignored.
///
///     StopSignals.install(); …; StopSignals.start(mode: .stopRun)      // main
///     let signals = StopSignals(stop: stop)   // a library's own StopRequest; keep it alive for the run
public final class StopSignals: Sendable {
    /// What a caught signal does.
    public enum Mode: Sendable { case stopRun, exit }

    /// The signals that stop, with the names runs report.
    public static let handled: [(number: Int32, name: String)] =
        [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT")]

    private struct Shared {
        var installed = false
        var mode: Mode?
        var forwards: [ObjectIdentifier: StopLatch] = [:]
    }
    private static let shared = Mutex(Shared())
    private let stopLatch: StopLatch

    /// Forwards every caught signal to `stop` too (a `StopRequest` of its own, as a library user makes
    /// one), installing the handlers and starting `.stopRun` if `main` did not. Keep it alive for the run.
    public init(stop: StopRequest) {
        stopLatch = stop.latch
        Self.install()
        Self.start(mode: .stopRun)
        if stop.latch !== StopLatch.process {
            let latch = stopLatch
            Self.shared.withLock { $0.forwards[ObjectIdentifier(latch)] = latch }
            // A signal caught before this request existed stops it too.
            if let reason = StopLatch.process.reason { latch.trip(reason) }
        }
    }

    deinit {
        let latch = stopLatch
        Self.shared.withLock { _ = $0.forwards.removeValue(forKey: ObjectIdentifier(latch)) }
    }

    /// Catches the signals into the pipe (once per process; later calls do nothing). Nothing acts on
    /// them until `start(mode:)`.
    public static func install() {
        let first = shared.withLock { s -> Bool in
            defer { s.installed = true }
            return !s.installed
        }
        guard first else { return }
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The handler must never block: a full pipe (thousands of signals unread) drops the extra ones.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        signalPipeReader = ends[0]
        signalPipeWriter = ends[1]
        // A parent may have left them blocked (Foundation's Process passes its thread's mask on): the
        // handler must see them, and threads made after this inherit the unblocked mask.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for (number, _) in handled { sigaddset(&unblock, number) }
        _ = pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for (number, _) in handled {
            if number == SIGHUP, isIgnored(number) { continue }  // nohup
            var action = sigaction()
            action.__sigaction_handler.sa_handler = stopSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            _ = sigaction(number, &action, nil)
        }
    }

    /// Starts acting on caught signals, those already caught included. The first call decides the mode.
    public static func start(mode: Mode) {
        install()
        let first = shared.withLock { s -> Bool in
            guard s.mode == nil else { return false }
            s.mode = mode
            return true
        }
        guard first, signalPipeReader >= 0 else { return }
        let reader = signalPipeReader
        let thread = Thread { consume(reader, mode: mode) }
        thread.name = "iris.signals"
        thread.start()
    }

    private static func consume(_ reader: Int32, mode: Mode) {
        var byte: UInt8 = 0
        while true {
            let n = read(reader, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return }
            let number = Int32(byte)
            let name = handled.first { $0.number == number }?.name ?? "signal \(number)"
            switch mode {
            case .stopRun:
                StopLatch.process.trip(name)
                shared.withLock { $0.forwards.values.map { $0 } }.forEach { $0.trip(name) }
            case .exit:
                end(by: number)
            }
        }
    }

    /// Ends the process as the signal's default action would, without SIGQUIT's core dump.
    private static func end(by number: Int32) -> Never {
        if number != SIGQUIT {
            signal(number, SIG_DFL)
            kill(getpid(), number)
            // The signal is process-directed and no thread blocks it; this waits for it to land.
            usleep(100_000)
        }
        _exit(128 + number)
    }
}

/// Whether whoever started the process set `number` to be ignored (SIG_IGN is the handler 1).
private func isIgnored(_ number: Int32) -> Bool {
    var previous = sigaction()
    guard sigaction(number, nil, &previous) == 0 else { return false }
    return unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1
}

/// The write end of the signal pipe, set before the handler is installed and never changed after.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1
nonisolated(unsafe) private var signalPipeReader: Int32 = -1

/// Async-signal-safe: one write(2) of the signal's number, errno kept.
private let stopSignalHandler: @convention(c) (Int32) -> Void = { number in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriter, &byte, 1)
    errno = saved
}
