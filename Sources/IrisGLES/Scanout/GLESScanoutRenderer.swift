import IrisCore

/// The GLES renderer drawing straight into scanout buffers on a display card (EGL on GBM on
/// `/dev/dri/cardN`): each frame's output pass lands in a GBM buffer object that the DRM/KMS display
/// (IrisVideo's `Display`) imports by dmabuf and flips to; nothing is read back. Open the display first:
/// it must be DRM master, and the first client to open a card becomes master.
///
///     let display = try Display(card: "/dev/dri/card0")
///     let scanout = try GLESScanoutRenderer(card: display.path, width: display.width, height: display.height)
///     let context = Context(renderer: scanout.renderer)
///     let (plan, _) = try context.planAndRenderer(image.letterboxed(width: display.width, height: display.height))
///     if let gone = try display.show(try scanout.render(plan)) { scanout.release(gone) }
public final class GLESScanoutRenderer: Sendable {
    /// The renderer on the card: use it for contexts (plans then respect its texture limit) and readbacks.
    public let renderer: GLESRenderer
    public let width: Int
    public let height: Int
    private let surface: ScanoutSurface

    public init(card path: String, width: Int, height: Int, options: GLESRenderer.Options = .init()) throws(RenderError)
    {
        var options = options
        options.platform = .gbm
        options.devicePath = path
        let renderer: GLESRenderer
        do { renderer = try GLESRenderer(options: options) } catch {
            throw error as? RenderError ?? .deviceUnavailable(renderer: "gles", reason: "\(error)")
        }
        surface = try renderer.thread.perform { backend throws(RenderError) in
            try ScanoutSurface(backend: backend, width: width, height: height)
        }
        self.renderer = renderer
        self.width = width
        self.height = height
    }

    deinit {
        let surface = self.surface
        try? renderer.thread.perform { _ throws(RenderError) in surface.destroy() }
    }

    /// Renders `plan` (output `width`×`height`) into the next free scanout buffer. The buffer stays the
    /// renderer's: give it back with `release` once the display has moved on to a later one.
    /// Throws `PlanError` for a plan of another size or one the renderer cannot run, before any GL work;
    /// `RenderError` for what GL or GBM refuses.
    public func render(_ plan: RenderPlan) throws -> ScanoutBuffer {
        var requirements = renderer.planRequirements
        requirements.outputSize = (width, height)
        try plan.validate(requirements)
        let surface = self.surface
        return try renderer.thread.perform { _ throws(RenderError) in try surface.render(plan) }
    }

    public func release(_ buffer: ScanoutBuffer) {
        let surface = self.surface
        try? renderer.thread.perform { _ throws(RenderError) in surface.release(buffer) }
    }
}
