import ArgumentParser
import IrisCore
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

/// `--max-pixels` for commands that analyse whole pictures rather than render them (`detect`, `bench`):
/// the same name, default (64) and unit (megapixels) as `iris render --max-pixels` (`RenderOptions`), and
/// the same meaning: a picture over it is refused, naming its size and the limit, before anything is
/// allocated for it (a still's size comes from its header, so its pixels are never decoded).
struct PixelLimitOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Refuse a picture with more megapixels than this (default: 64).")
    var maxPixels: Double?

    func validate() throws {
        if let maxPixels, !(maxPixels > 0 && maxPixels.isFinite) {
            throw ValidationError("--max-pixels must be a positive number of megapixels, got \(maxPixels)")
        }
    }

    var limit: PixelLimit { PixelLimit(megapixels: maxPixels) }
}
