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

    /// One render for the recording and the screen: renders `plan` (the frame at the recording's size,
    /// on this renderer), starts reading back its encoder planes (and the picture when `keepingPicture`), as
    /// `GLESRenderer.submit` does, then draws the same output texture scaled into `content` (the letterbox's
    /// rectangle on this surface, bottom-left origin) over black into the next scanout buffer. The chain
    /// runs once a frame instead of once for each. `frame` is nil when the plan could not be presented that
    /// way (split into tiles, or an output pass wider than the picture): render the preview on its own then.
    /// The scaled preview samples the output's encoded colours bilinearly, where a letterboxed recipe
    /// samples the working space: they differ by a code value or two along sharp edges.
    ///
    ///     let both = try scanout.submit(plan, encoding: EncoderPlanes(), keepingPicture: false, showingIn: box.content)
    public func submit(
        _ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool, showingIn content: Rect
    ) throws -> PresentedRender {
        try plan.validate(renderer.planRequirements)
        let surface = self.surface
        let swapsRedBlue = plan.outputFormat == .bgra8
        let (submitted, shown) = try renderer.thread.perform { backend throws(RenderError) in
            try surface.checkFreeBuffer()
            var shown: ScanoutBuffer?
            let submitted = try backend.submit(plan, encoding: encoding, keepingPicture: keepingPicture) {
                picture throws(RenderError) in
                shown = try surface.present(picture, in: content, swapsRedBlue: swapsRedBlue)
            }
            return (submitted, shown)
        }
        return PresentedRender(
            frame: shown.map { ScanoutFrame(buffer: $0, renderer: self) }, pending: renderer.pendingRender(submitted))
    }

    public func release(_ buffer: ScanoutBuffer) {
        let surface = self.surface
        try? renderer.thread.perform { _ throws(RenderError) in surface.release(buffer) }
    }
}

/// What `GLESScanoutRenderer.submit` started: the recording's render and, drawn from the same output, the
/// preview's scanout frame (nil when the plan could not be presented from it).
public struct PresentedRender: Sendable {
    public let frame: ScanoutFrame?
    public let pending: PendingRender
}
