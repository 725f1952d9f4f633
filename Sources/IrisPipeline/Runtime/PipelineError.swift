import IrisCore
import IrisFilters

/// Why a pipeline could not start or had to stop. Every case names the source, output, card or field at fault.
public enum PipelineError: Error, Equatable, CustomStringConvertible {
    /// The source could not be opened (missing or busy device, unreadable recording, unsupported format).
    case source(path: String, cause: ErrorCause)
    /// The source failed mid-run (a camera unplugged, a recording that turned out corrupt).
    case sourceFailed(path: String, cause: ErrorCause)
    /// `iris run` without a source plays the bundled recording, and it is in none of the folders searched.
    case bundledRecordingMissing(name: String, searched: [String])
    /// The filter chain could not be built or rendered: at which step (a frame, the overlay), and why.
    case render(step: String, cause: ErrorCause)
    /// A stage thread returned before saying it had started (a bug, reported rather than waited on).
    case stageEndedWithoutStarting
    /// A named display card failed; `auto` falls back to no preview instead.
    case display(card: String, cause: ErrorCause)
    /// The recorder could not start or stopped (a full disk); the run's other outputs go on.
    case recording(path: String, reason: String)
    /// A detector of this type could not be made (a model file missing or damaged, a bad cascade).
    case detector(type: String, cause: ErrorCause)
    /// The events or metrics file could not be written.
    case output(path: String, reason: String)
    /// A pipeline JSON file or an option is invalid; `field` is its JSON path (`outputs.record.codec`) or option.
    case configuration(field: String, reason: String)
    /// A field whose value a lower layer refused (the recorder's check of a path, a bitrate's parser).
    case invalidField(field: String, cause: ErrorCause)
    /// A filter of the chain (`field`: `filters[2]`, or the option or file it came from) is unknown or has a
    /// wrong input; `cause` says which.
    case filter(field: String, cause: FilterError)
    /// The overlay font could not be loaded.
    case font(path: String, reason: String)
    /// An output (`field`: record, events, metrics) is the input itself, by any name (a link, `./x`):
    /// refused before anything is opened for writing.
    case outputIsInput(field: String, output: String, input: String)

    public var description: String {
        switch self {
        case let .source(p, r): return "cannot open source \(p): \(r)"
        case let .sourceFailed(p, r): return "source \(p) failed: \(r)"
        case let .bundledRecordingMissing(name, searched):
            return
                "cannot open source \(name): the bundled recording is in none of \(searched.joined(separator: ", ")); "
                + "give --source or set IRIS_RECORDINGS"
        case let .render(step, cause): return "render failed: \(step): \(cause)"
        case .stageEndedWithoutStarting: return "render failed: a stage ended without starting"
        case let .display(c, r): return "display \(c): \(r)"
        case let .recording(p, r): return "recording \(p): \(r)"
        case let .detector(type, cause): return "detector: \(type): \(cause)"
        case let .output(p, r): return "cannot write \(p): \(r)"
        case let .configuration(f, r): return "\(f): \(r)"
        case let .invalidField(f, cause): return "\(f): \(cause)"
        case let .filter(f, cause): return "\(f): \(cause)"
        case let .font(p, r): return "overlay font \(p): \(r)"
        case let .outputIsInput(f, o, i):
            return "\(o): the \(f) output is the same file as the input \(i); refusing to overwrite it"
        }
    }
}
