import ArgumentParser

/// Prints a typed error's description as one clear line and exits non-zero, instead of a Swift dump.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    /// A typed error's description; a `CLIError` passes through as it is.
    init(_ error: any Error) { description = (error as? CLIError)?.description ?? String(describing: error) }
    static func message(_ text: String) -> CLIError { CLIError(text) }
    private init(_ text: String) { description = text }
}
