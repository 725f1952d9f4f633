import ArgumentParser
import IrisPipeline

/// The previews' options, the same in `run`, `record` and `preview`: a DRM/KMS display, web previews, or both.
struct PreviewOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Show frames on a DRM/KMS display (auto, none, drm, drm:CONNECTOR, or a card such as /dev/dri/card0[:CONNECTOR]) "
                + "or serve them to browsers (http://127.0.0.1:8080); repeatable.",
            discussion:
                """
                auto (and drm) take the first card with a connected display and go on without a preview, with a \
                warning, when there is none or a compositor holds it; a named card that fails is an error. \
                http://HOST:PORT serves a page with the stream, metrics, detections and filter controls; any address \
                but loopback needs --preview-token. Giving --preview replaces run's default (auto): --preview auto \
                --preview http://… shows both.
                """
        ))
    var preview: [String] = []

    @Option(
        help: ArgumentHelp(
            "The web preview's access token (16 or more of A–Z a–z 0–9 - _ . ~), or auto to make one; needed to bind any address but loopback.",
            valueName: "TOKEN"))
    var previewToken: String?

    @Option(help: "The web previews' most frames a second (default: the source's own rate, 30 when it has none).")
    var previewFps: Double?

    @Option(help: "The display's mode, WxH or WxH@Hz (default: the connector's preferred mode).")
    var previewMode: String?

    func validate() throws {
        var displays = 0
        for value in preview {
            do {
                if try WebPreviewOutput(url: value) != nil { continue }
            } catch {
                throw ValidationError("--preview \(value): \(error)")
            }
            guard PreviewOutput(argument: value) != nil else {
                throw ValidationError(
                    "--preview \(value): expected auto, none, drm, drm:CONNECTOR, a card path or http://HOST:PORT")
            }
            displays += 1
        }
        if displays > 1 {
            throw ValidationError("--preview: one display at most (given \(displays)); web previews may be added")
        }
        if let previewFps, !(previewFps >= 1 && previewFps <= 240) {
            throw ValidationError("--preview-fps must be 1–240, got \(previewFps)")
        }
        if previewFps != nil && webValues.isEmpty {
            throw ValidationError("--preview-fps needs a web preview (--preview http://HOST:PORT)")
        }
        if previewToken != nil && webValues.isEmpty {
            throw ValidationError("--preview-token needs a web preview (--preview http://HOST:PORT)")
        }
    }

    private var webValues: [String] { preview.filter { $0.lowercased().hasPrefix("http://") } }
    private var displayValue: String? { preview.first { !$0.lowercased().hasPrefix("http://") } }

    /// Whether --preview was given at all (it replaces the command's default display).
    var isGiven: Bool { !preview.isEmpty }

    /// The display these options ask for: nil for none; `fallback` when --preview is not given.
    func output(fallback: PreviewOutput?) -> PreviewOutput? {
        var output = isGiven ? displayValue.flatMap { PreviewOutput(argument: $0) } : fallback
        if output?.card == PreviewOutput.none { output = nil }
        if let previewMode { output?.mode = previewMode }
        return output
    }

    /// The web previews these options ask for, with `--preview-token auto` made into one token for all.
    func webPreviews(fallback: [WebPreviewOutput]) throws -> [WebPreviewOutput] {
        guard isGiven else { return fallback }
        let token = previewToken == "auto" ? WebPreviewOutput.generatedToken() : previewToken
        return try webValues.compactMap { try WebPreviewOutput(url: $0, token: token) }
    }

    /// Sets the configuration's display and web previews.
    func apply(to config: inout PipelineConfiguration, displayFallback: PreviewOutput?) throws {
        config.preview = output(fallback: displayFallback)
        config.webPreviews = try webPreviews(fallback: config.webPreviews)
        if let previewFps { config.webFrameRate = previewFps }
    }
}
