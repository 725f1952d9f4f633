import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The one signal path of every command: SIGINT, SIGTERM and SIGHUP ask the run to stop (the file is
/// finished, not cut) instead of killing the process; SIGPIPE is ignored so that a closed pipe on the
/// other end of standard output or error cannot take a recording down.
///
///     let signals = StopSignals(stop: stop)   // keep it alive for the run
public final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    public init(stop: StopRequest) {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "iris.signals")
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { stop.request(name) }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}
