import ArgumentParser
import Foundation
import IrisCPU
import IrisCore
import IrisGLES
import IrisVideo
import Synchronization

/// Set by SIGINT/SIGTERM: the preview loop ends after the frame in flight and restores the display.
private let stopRequested = Atomic<Bool>(false)

/// `iris preview INPUT [--filter …] [--card /dev/dri/card0] [--mode 640x480] [--renderer gles|cpu] [--frames N]`
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a still or a recording, through filters, on a DRM/KMS display (no compositor).",
        discussion: """
        Opens the card as DRM master, picks its first connected connector and that connector's preferred mode \
        (or --connector/--mode), and shows frames in XRGB8888 with vblank-paced page flips. A frame of another \
        size is scaled to fit and letterboxed over black in the recipe, so both renderers do the same. \
        --renderer gles renders straight into GBM buffers on the card (EGL on GBM); cpu copies into dumb \
        buffers. The previous picture comes back on exit, including on Ctrl-C. Fails with a clear error when \
        another client (a compositor) holds the display.
        """)

    @Argument(help: "Input: .png, .jpg/.jpeg, or a recording (Y4M, MP4, MKV, AVI).") var input: String
    @Option(name: .customLong("filter"), help: "A filter to apply, in order (repeatable), e.g. 'CISepiaTone inputIntensity=0.8'.") var filters: [String] = []
    @Option(help: "DRM card (default: the first with a connected connector).") var card: String?
    @Option(help: "Connector name (e.g. HDMI-A-1; default: the first connected).") var connector: String?
    @Option(help: "Mode WxH or WxH@Hz (default: the connector's preferred mode).") var mode: String?
    @Option(help: "Renderer: gles (EGL on GBM on the card) or cpu (dumb buffers).") var renderer: RendererKind = .gles
    @Option(help: "Frames to show (default: a recording's length; a still until Ctrl-C).") var frames: Int?
    @Flag(help: "Loop a recording.") var loop = false

    func run() throws {
        do {
            try preview()
        } catch {
            throw CLIError(error)
        }
    }

    private func preview() throws {
        let request: ModeRequest?
        if let mode {
            guard let parsed = ModeRequest(mode) else { throw CLIError.message("--mode \(mode): expected WxH or WxH@Hz, e.g. 1280x720") }
            request = parsed
        } else { request = nil }
        let specs = try filters.map { spec throws(FilterError) in try FilterSpecParser.parse(spec) }
        let ext = input.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let still: Image? = InputLoader.stillExtensions.contains(ext) ? try Image.load(contentsOf: input) : nil
        let recording = still == nil ? try Recording(path: input, looping: loop, pacing: .realTime) : nil

        // The display first: the first client to open a card becomes DRM master, and the GLES renderer opens it too.
        let display = try Display(card: card, connector: connector, mode: request)
        defer { display.close() }
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal) { _ in stopRequested.store(true, ordering: .relaxed) }
        }
        let scanout = renderer == .gles ? try GLESScanoutRenderer(card: display.path, width: display.width, height: display.height) : nil
        var options = Context.Options()
        options.outputFormat = .bgra8  // XRGB8888's byte order: the CPU frames copy straight into dumb buffers
        let context = Context(renderer: scanout.map { $0.renderer as any Renderer } ?? CPURenderer(), options: options)
        print("\(display.path): \(display.connector.name) \(display.mode) on CRTC \(display.crtc.id), \(scanout == nil ? "cpu → dumb buffers" : "gles → GBM scanout buffers")")

        var shown = 0
        var cachedPlan: RenderPlan?
        var start = timespec(); clock_gettime(CLOCK_MONOTONIC, &start)
        while !stopRequested.load(ordering: .relaxed), frames.map({ shown < $0 }) ?? true {
            let source: Image
            if let still { source = still } else {
                guard let frame = try recording?.nextFrame() else { break }
                source = Image(frame: frame)
            }
            let screen = try source.applyingFilters(specs).letterboxed(width: display.width, height: display.height)
            if let scanout {
                let plan: RenderPlan
                if still != nil, let cachedPlan { plan = cachedPlan } else { plan = try context.planAndRenderer(screen).0 }
                if still != nil { cachedPlan = plan }
                if let gone = try display.show(try scanout.render(plan)) { scanout.release(gone) }
            } else {
                try display.show(try context.render(screen))
            }
            shown += 1
        }
        var end = timespec(); clock_gettime(CLOCK_MONOTONIC, &end)
        let secs = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        let fps = secs > 0 ? Double(shown) / secs : 0
        print("shown \(shown) frame(s) in \(String(format: "%.2f", secs)) s (\(String(format: "%.1f", fps)) fps)\(stopRequested.load(ordering: .relaxed) ? ", interrupted" : ""); display restored")
    }
}
