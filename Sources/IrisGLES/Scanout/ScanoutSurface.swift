import CEGL
import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

/// A GBM surface on the card the renderer's EGL display was opened on, with an EGL window surface over it:
/// the output pass is drawn into it, `eglSwapBuffers` finishes the frame, and the front buffer object is
/// locked and exported as a dmabuf for the display. Thread-confined to the GL thread (hence unchecked).
final class ScanoutSurface: @unchecked Sendable {
    let width: Int
    let height: Int
    private let backend: GLESBackend
    private let gbmSurface: OpaquePointer
    private let eglSurface: EGLSurface
    /// Copies a tile's output texture into the surface, flipped to the screen's row order.
    private let blit: NearestTextureCopy
    /// Draws a picture rendered at another size scaled into the surface (`present`).
    private let letterbox: LetterboxDraw
    /// Exported buffers by their BO's address: the dmabuf fd stays open while the surface lives.
    private var exported: [UInt: ScanoutBuffer] = [:]
    /// Buffers handed out and not released yet, by id.
    private var locked: [Int: OpaquePointer] = [:]
    private var nextID = 1

    init(backend: GLESBackend, width: Int, height: Int) throws(RenderError) {
        let session = backend.session
        guard session.platform == .gbm, let node = session.renderNode else {
            throw .deviceUnavailable(
                renderer: "gles", reason: "scanout needs EGL on GBM on a display card (GLESRenderer.Options.devicePath)"
            )
        }
        let format = ScanoutBuffer.xrgb8888.code
        let flags = GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue
        guard let surface = gbm_surface_create(node.device, UInt32(width), UInt32(height), format, flags) else {
            throw .deviceUnavailable(
                renderer: "gles", reason: "gbm_surface_create(\(width)×\(height) XR24, scanout) failed on \(node.path)")
        }
        guard let config = ScanoutSurface.config(display: session.display, nativeVisual: EGLint(bitPattern: format))
        else {
            gbm_surface_destroy(surface)
            throw .deviceUnavailable(
                renderer: "gles", reason: "no EGL window config with native visual XR24 on \(node.path)")
        }
        guard
            let window = eglCreatePlatformWindowSurface(session.display, config, UnsafeMutableRawPointer(surface), nil)
        else {
            let error = eglFailure("eglCreatePlatformWindowSurface(GBM \(width)×\(height))")
            gbm_surface_destroy(surface)
            throw error
        }
        // The renderer's context is configless, so it can draw into this window surface as it is.
        guard eglMakeCurrent(session.display, window, window, session.context) == EGL_TRUE else {
            let error = eglFailure("eglMakeCurrent(scanout surface)")
            eglDestroySurface(session.display, window)
            gbm_surface_destroy(surface)
            throw error
        }
        do throws(RenderError) {
            blit = try NearestTextureCopy(flipsRows: true, opaque: true, name: "scanout copy")
            do throws(RenderError) { letterbox = try LetterboxDraw() } catch {
                blit.delete()
                throw error
            }
        } catch {
            eglMakeCurrent(session.display, nil, nil, session.context)
            eglDestroySurface(session.display, window)
            gbm_surface_destroy(surface)
            throw error
        }
        self.backend = backend
        self.width = width
        self.height = height
        self.gbmSurface = surface
        self.eglSurface = window
    }

    /// The first config that renders GLES2 into windows whose GBM format is `nativeVisual`.
    private static func config(display: EGLDisplay, nativeVisual: EGLint) -> EGLConfig? {
        let wanted: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display, wanted, nil, 0, &count) == EGL_TRUE, count > 0 else { return nil }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, wanted, &configs, count, &count) == EGL_TRUE else { return nil }
        for case let config? in configs.prefix(Int(count)) {
            var visual: EGLint = 0
            if eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visual) == EGL_TRUE, visual == nativeVisual {
                return config
            }
        }
        return nil
    }

    /// Renders `plan` into the next buffer and returns it locked. The plan has passed `RenderPlan.validate`
    /// with the surface's size as its output size (`GLESScanoutRenderer.render`).
    func render(_ plan: RenderPlan) throws(RenderError) -> ScanoutBuffer {
        try checkFreeBuffer()
        var execution = PlanExecution(backend: backend, plan: plan)
        defer {
            backend.pool.endRender()
            backend.importer.endRender()
            backend.cubeTextures.trim()
        }
        try execution.prepare()
        let outputRect = plan.outputRect
        for tile in plan.tiles where !tile.output.isEmpty {
            try execution.render(tile) { texture throws(RenderError) in
                blit.draw(
                    texture, into: 0, x: Int(tile.output.minX - outputRect.minX),
                    y: Int(tile.output.minY - outputRect.minY),
                    triangle: backend.triangle)
            }
        }
        return try finishFrame()
    }

    /// Throws when no buffer of the surface is free to draw into (all on screen or queued).
    func checkFreeBuffer() throws(RenderError) {
        guard gbm_surface_has_free_buffers(gbmSurface) != 0 else {
            throw .deviceUnavailable(
                renderer: "gles", reason: "every scanout buffer is still on screen or queued: release shown buffers")
        }
    }

    /// Draws `picture` (a render's output texture, top row first; blue first when `swapsRedBlue`) scaled
    /// into `content` (the letterbox's rectangle: bottom-left origin, in surface pixels) over black, and
    /// returns the finished buffer locked, as `render` does. The caller has checked `checkFreeBuffer`.
    func present(_ picture: PooledTexture, in content: Rect, swapsRedBlue: Bool) throws(RenderError) -> ScanoutBuffer {
        let placed = (
            x: Int(content.minX.rounded()), y: Int(content.minY.rounded()), width: Int(content.width.rounded()),
            height: Int(content.height.rounded())
        )
        letterbox.draw(
            picture, into: placed, surfaceWidth: width, surfaceHeight: height, swapsRedBlue: swapsRedBlue,
            triangle: backend.triangle)
        return try finishFrame()
    }

    /// Swaps the drawn frame to the front and locks and exports its buffer object.
    private func finishFrame() throws(RenderError) -> ScanoutBuffer {
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            throw .gl(operation: "drawing into the scanout surface", code: Int(error))
        }
        guard eglSwapBuffers(backend.session.display, eglSurface) == EGL_TRUE else {
            throw eglFailure("eglSwapBuffers(scanout)")
        }
        guard let bo = gbm_surface_lock_front_buffer(gbmSurface) else {
            throw .deviceUnavailable(renderer: "gles", reason: "gbm_surface_lock_front_buffer failed")
        }
        let key = UInt(bitPattern: UnsafeRawPointer(bo))
        if let known = exported[key] {
            locked[known.id] = bo
            return known
        }
        let fd = gbm_bo_get_fd(bo)
        guard fd >= 0 else {
            gbm_surface_release_buffer(gbmSurface, bo)
            throw .deviceUnavailable(
                renderer: "gles", reason: "gbm_bo_get_fd: the driver cannot export the scanout buffer as a dmabuf")
        }
        let modifier = gbm_bo_get_modifier(bo)
        // gbm_bo_get_fd exports the whole buffer object; its planes lie at their offsets in that one dmabuf.
        let planes = (0..<max(1, gbm_bo_get_plane_count(bo))).map { plane in
            DMABuf.Plane(
                fd: fd, offset: Int(gbm_bo_get_offset(bo, plane)),
                bytesPerRow: Int(gbm_bo_get_stride_for_plane(bo, plane)))
        }
        let dmabuf = DMABuf(
            width: width, height: height, fourCC: FourCC(code: gbm_bo_get_format(bo)), planes: planes,
            modifier: modifier == DMABuf.invalidModifier ? nil : modifier)
        let buffer = ScanoutBuffer(id: nextID, dmabuf: dmabuf)
        nextID += 1
        exported[key] = buffer
        locked[buffer.id] = bo
        return buffer
    }

    /// Gives a buffer back to the surface once the display no longer shows it.
    func release(_ buffer: ScanoutBuffer) {
        guard let bo = locked.removeValue(forKey: buffer.id) else { return }
        gbm_surface_release_buffer(gbmSurface, bo)
    }

    func destroy() {
        for bo in locked.values { gbm_surface_release_buffer(gbmSurface, bo) }
        locked.removeAll()
        for buffer in exported.values { buffer.dmabuf.fileDescriptors.forEach { close($0) } }
        exported.removeAll()
        blit.delete()
        letterbox.delete()
        let session = backend.session
        eglMakeCurrent(session.display, nil, nil, session.context)
        eglDestroySurface(session.display, eglSurface)
        gbm_surface_destroy(gbmSurface)
    }
}
