import Foundation

/// What `--metrics OUT.json` holds and a web preview's `GET /metrics` serves: the figures, the errors and
/// the warnings of a run, as one JSON object.
///
///     let bytes = try MetricsReport(metrics: snapshot, errors: [], warnings: []).json()
public struct MetricsReport: Sendable, Encodable {
    public let metrics: MetricsSnapshot
    public let errors: [String]
    public let warnings: [String]

    public init(metrics: MetricsSnapshot, errors: [String], warnings: [String]) {
        self.metrics = metrics
        self.errors = errors
        self.warnings = warnings
    }

    /// JSON with sorted keys ending in a newline: pretty-printed for a file, on one line for an event stream.
    public func json(pretty: Bool = true) throws(PipelineError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(self)) + [0x0A] } catch {
            throw .output(
                path: "metrics", reason: "the metrics could not be encoded as JSON (\(error.localizedDescription))")
        }
    }
}
