import ArgumentParser
import IrisPipeline

/// The DRM/KMS preview's options, the same in `run`, `record` and `preview`.
struct PreviewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show frames on a DRM/KMS display: auto, none, drm, drm:CONNECTOR, or a card such as /dev/dri/card0[:CONNECTOR].",
                               discussion: "auto (and drm) take the first card with a connected display and go on without a preview, with a warning, when there is none or a compositor holds it; a named card that fails is an error."))
    var preview: String?

    @Option(help: "The preview's mode, WxH or WxH@Hz (default: the connector's preferred mode).")
    var previewMode: String?

    func validate() throws {
        if let preview, PreviewOutput(argument: preview) == nil {
            throw ValidationError("--preview \(preview): expected auto, none, drm, drm:CONNECTOR or a card path")
        }
    }

    /// The preview these options ask for: nil for none; `fallback` when --preview is not given.
    func output(fallback: PreviewOutput?) -> PreviewOutput? {
        var output = preview.flatMap { PreviewOutput(argument: $0) } ?? fallback
        if output?.card == PreviewOutput.none { output = nil }
        if let previewMode { output?.mode = previewMode }
        return output
    }
}
