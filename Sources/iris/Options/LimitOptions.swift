import ArgumentParser
import IrisPipeline

/// When a run stops on its own: after N frames or S seconds of the source's time. The same in every command.
struct LimitOptions: ParsableArguments {
    // .unconditional: "--frames -5" reaches validate() and is named as negative, not as a missing value.
    @Option(parsing: .unconditional, help: "Stop after this many frames.") var frames: Int?
    @Option(parsing: .unconditional, help: "Stop after this many seconds of the source's time.") var duration: Double?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1, got \(frames)") }
        if let duration, !(duration > 0 && duration.isFinite) {
            throw ValidationError("--duration must be a positive, finite number of seconds, got \(duration)")
        }
    }

    func apply(to config: inout PipelineConfiguration) {
        if let frames { config.frameLimit = frames }
        if let duration { config.durationLimit = duration }
    }
}
