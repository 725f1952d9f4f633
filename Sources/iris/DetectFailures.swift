import Foundation
import IrisCore

/// The inputs of one `iris detect` run that failed. Each is reported on standard error as it happens,
/// one line naming the file and the error, and the run goes on; the summary ends it non-zero.
///
///     var failures = DetectFailures(); failures.report(error, input: "a/bad.png")   // "iris detect: a/bad.png: …"
struct DetectFailures {
    private(set) var inputs: [String] = []

    mutating func report(_ error: any Error, input: String) {
        inputs.append(input)
        StandardError.write(Self.line(for: error, input: input) + "\n")
    }

    /// Typed errors from IrisVideo already start with the file ("standard input" for "-"); others get it
    /// prepended, so every line says which input failed.
    static func line(for error: any Error, input: String) -> String {
        let text = String(describing: error).replacingOccurrences(of: "\n", with: " ")
        let name = input == "-" ? "standard input" : input
        return "iris detect: " + (text.hasPrefix(name + ":") ? text : "\(name): \(text)")
    }

    /// The error that ends a run of `total` inputs, nil when none failed.
    func summary(of total: Int) -> CLIError? {
        guard !inputs.isEmpty else { return nil }
        return .message("iris detect: \(inputs.count) of \(total) input(s) failed: \(inputs.joined(separator: ", "))")
    }
}
