import ArgumentParser
import Foundation
import IrisPipeline
import IrisVideo

/// `iris preview INPUT [--filter …] [--preview /dev/dri/card0] [--preview-mode 640x480] [--renderer gles|cpu] [--frames
/// N]`
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a still, a recording or a camera, through filters, on a DRM/KMS display (no compositor).",
        discussion: """
            The pipeline of `iris run` with a display as its output. Opens the card as DRM master, picks its first \
            connected connector and that connector's preferred mode (or --preview CARD:CONNECTOR, --preview-mode), \
            and shows frames in XRGB8888 with vblank-paced page flips. A frame of another size is scaled to fit \
            and letterboxed over black. The previous picture comes back on exit, including on Ctrl-C. Fails with a \
            clear error when there is no display or another client (a compositor) holds it.
            """)

    @Argument(
        help:
            "Input: .png, .jpg/.jpeg, a recording (Y4M, MP4, MKV, AVI), a camera (/dev/videoN, libcamera:N, auto), or -."
    )
    var input: String
    @Option(
        name: .customLong("filter"),
        help: "A filter to apply, in order (repeatable), e.g. 'CISepiaTone inputIntensity=0.8'.") var filters:
        [String] = []
    @Flag(help: "No status line.") var quiet = false
    @OptionGroup var previewOptions: PreviewOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var render: RenderOptions

    func run() throws {
        LibAVLogging.level = .quiet
        do {
            var request = sourceOptions.request(path: input)
            if !request.isCamera { request.realTime = true }
            var config = PipelineConfiguration(source: request)
            config.filters = try PipelineConfiguration.filters(parsing: filters, field: "--filter")
            try previewOptions.apply(to: &config, displayFallback: PreviewOutput())
            // A display is this command's point unless only web previews were asked for.
            if config.preview == nil && config.webPreviews.isEmpty { config.preview = PreviewOutput() }
            config.preview?.required = true
            limits.apply(to: &config)
            render.apply(to: &config)
            let summary = try PipelineReport.run(config, quiet: quiet)
            let m = summary.metrics
            print(
                "\(summary.display ?? "no display"): shown \(m.framesShown) frame(s) in \(String(format: "%.2f", m.seconds)) s "
                    + "(\(String(format: "%.1f", m.seconds > 0 ? Double(m.framesShown) / m.seconds : 0)) fps)"
                    + "\(summary.stoppedBy.map { ", stopped by \($0)" } ?? ""); display restored")
            try summary.failIfErrors()
        } catch {
            throw CLIError(error)
        }
    }
}
