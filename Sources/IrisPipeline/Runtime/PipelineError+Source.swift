import IrisCore
import IrisVideo

extension PipelineError {
    /// A source's refusal as the pipeline reports it, in the same words and with the same cause.
    public init(_ error: SourceError) {
        switch error {
        case let .unavailable(path, cause): self = .source(path: path, cause: cause)
        case let .rawOptions(field, reason): self = .configuration(field: field, reason: reason)
        case .controlsNeedACamera: self = .invalidField(field: "source.controls", cause: ErrorCause(error))
        case .noCameraFound: self = .source(path: AutomaticSource.name, cause: ErrorCause(error))
        }
    }
}
