import Foundation
import IrisCore

/// `iris eval`'s progress on standard error, so minutes of scoring are not minutes of silence: on a
/// terminal one line rewritten in place (frames done, ETA); in a log, a line as each clip starts and ends.
final class EvalProgress {
    private let quiet: Bool
    private let onTerminal = isatty(STDERR_FILENO) == 1
    private var clipStart = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now
    private var label = ""

    init(quiet: Bool) { self.quiet = quiet }

    func start(clip: String, number: Int, of count: Int) {
        label = "[\(number)/\(count)] \((clip as NSString).lastPathComponent)"
        clipStart = .now
        if !onTerminal { write("eval: \(label)…\n") }
    }

    func frame(_ done: Int, of total: Int) {
        guard onTerminal, ContinuousClock.now - lastDrawn > .milliseconds(200) || done == total else { return }
        lastDrawn = .now
        let elapsed = (ContinuousClock.now - clipStart).milliseconds / 1000
        let eta =
            done > 0 && total > done && total < Int.max
            ? String(format: "  ETA %.0f s", elapsed / Double(done) * Double(total - done)) : ""
        let of = total < Int.max ? "/\(total)" : ""
        write("\r\u{1B}[2K eval: \(label): frame \(done)\(of)\(eta)")
    }

    func finish(frames: Int) {
        let seconds = (ContinuousClock.now - clipStart).milliseconds / 1000
        write(
            (onTerminal ? "\r\u{1B}[2K" : "")
                + "eval: \(label): \(frames) frames scored in \(String(format: "%.1f", seconds)) s\n")
    }

    private func write(_ text: String) {
        if !quiet { StandardError.write(text) }
    }
}
