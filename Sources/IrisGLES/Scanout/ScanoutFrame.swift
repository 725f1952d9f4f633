import IrisCore

/// A scanout buffer rendered by a `GLESScanoutRenderer`, held for as long as anything needs it: a queue
/// on its way to the display, then the display while it is on screen. When the last holder lets go (a
/// queue that dropped it, the display once a later frame is up) the buffer goes back to the renderer's
/// GBM surface, exactly once, so a dropped frame can never starve the surface.
///
///     var onScreen: ScanoutFrame? = try scanout.renderFrame(plan)
///     try display.show(onScreen!.buffer)
public final class ScanoutFrame: Sendable {
    public let buffer: ScanoutBuffer
    private let renderer: GLESScanoutRenderer

    init(buffer: ScanoutBuffer, renderer: GLESScanoutRenderer) {
        self.buffer = buffer
        self.renderer = renderer
    }

    deinit { renderer.release(buffer) }
}

extension GLESScanoutRenderer {
    /// `render(_:)`, with the buffer handed back when the returned frame is released.
    public func renderFrame(_ plan: RenderPlan) throws -> ScanoutFrame {
        ScanoutFrame(buffer: try render(plan), renderer: self)
    }
}
