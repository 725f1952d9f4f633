/// A lower-level error kept inside a higher-level one: the typed value for code that wants to look inside
/// (`if let plan = cause.error as? PlanError`), its description for people. Two causes are equal when they
/// are of the same type and read the same, so error enums that hold one stay `Equatable`.
///
///     throw PipelineError.source(path: path, cause: ErrorCause(error))
public struct ErrorCause: Error, Equatable, CustomStringConvertible {
    /// The error as it was thrown.
    public let error: any Error

    public init(_ error: any Error) {
        self.error = error
    }

    public var description: String { "\(error)" }

    public static func == (lhs: ErrorCause, rhs: ErrorCause) -> Bool {
        type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
    }
}
