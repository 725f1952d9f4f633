import CEGL
import IrisCore

/// An initialised EGL display with a GLES context current on the thread that opened it.
/// Thread-confined: it must be used and closed on that same thread.
final class EGLSession {
    let display: EGLDisplay
    let context: EGLContext
    let platform: GLESPlatform
    /// A 1×1 pbuffer, only when the display cannot make a context current without a surface.
    private let surface: EGLSurface?
    let renderNode: GBMRenderNode?

    private init(
        display: EGLDisplay, context: EGLContext, surface: EGLSurface?, platform: GLESPlatform,
        renderNode: GBMRenderNode?
    ) {
        self.display = display
        self.context = context
        self.surface = surface
        self.platform = platform
        self.renderNode = renderNode
    }

    /// Opens GBM on the first working render node, else the surfaceless platform, else the first EGL device
    /// that works; `preference` forces one. `devicePath` names the one DRM node to open GBM on (no fallback).
    static func open(preference: GLESPlatform?, devicePath: String? = nil) throws(RenderError) -> EGLSession {
        var reasons: [String] = []
        if preference == nil || preference == .gbm {
            for path in devicePath.map({ [$0] }) ?? GBMRenderNode.candidatePaths() {
                guard let node = GBMRenderNode.open(path: path) else {
                    reasons.append("\(path): cannot open GBM device")
                    continue
                }
                do {
                    return try open(
                        platform: .gbm, nativeDisplay: UnsafeMutableRawPointer(node.device), renderNode: node)
                } catch {
                    node.close()
                    reasons.append("\(path): \(error)")
                }
            }
            if preference == .gbm || devicePath != nil {
                throw .deviceUnavailable(
                    renderer: "gles",
                    reason: reasons.isEmpty ? "no DRM render node in /dev/dri" : reasons.joined(separator: "; "))
            }
        }
        let clientExtensions = extensionList(eglQueryString(nil, EGL_EXTENSIONS))
        if preference == nil || preference == .surfaceless {
            if !clientExtensions.contains("EGL_MESA_platform_surfaceless") {
                reasons.append("EGL has no EGL_MESA_platform_surfaceless")
            } else {
                do { return try open(platform: .surfaceless, nativeDisplay: nil, renderNode: nil) } catch {
                    reasons.append("surfaceless: \(error)")
                }
            }
        }
        if preference == nil || preference == .device {
            if !clientExtensions.contains("EGL_EXT_platform_device") {
                reasons.append("EGL has no EGL_EXT_platform_device")
            } else {
                do {
                    for device in try EGLDevices.all() {
                        do { return try open(platform: .device, nativeDisplay: device.handle, renderNode: nil) } catch {
                            reasons.append("\(device.name): \(error)")
                        }
                    }
                } catch {
                    reasons.append("\(error)")
                }
            }
        }
        throw .deviceUnavailable(renderer: "gles", reason: reasons.joined(separator: "; "))
    }

    private static func open(
        platform: GLESPlatform, nativeDisplay: UnsafeMutableRawPointer?, renderNode: GBMRenderNode?
    ) throws(RenderError) -> EGLSession {
        let platformEnum =
            switch platform {
            case .gbm: EGL_PLATFORM_GBM_KHR
            case .surfaceless: EGL_PLATFORM_SURFACELESS_MESA
            case .device: EGL_PLATFORM_DEVICE_EXT
            }
        guard let display = eglGetPlatformDisplay(EGLenum(platformEnum), nativeDisplay, nil) else {
            throw eglFailure("eglGetPlatformDisplay(\(platform))")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw eglFailure("eglInitialize(\(platform))") }
        // The surfaceless display, and a device's, is one handle shared by every context in the process, so
        // it is never terminated; a GBM display belongs to our own GBM device and is.
        let ownsDisplay = platform == .gbm
        do {
            let (context, surface) = try createContext(display: display)
            return EGLSession(
                display: display, context: context, surface: surface, platform: platform, renderNode: renderNode)
        } catch {
            if ownsDisplay { eglTerminate(display) }
            throw error
        }
    }

    /// A GLES2 context, configless and surfaceless where the display allows it, else on a 1×1 pbuffer.
    private static func createContext(display: EGLDisplay) throws(RenderError) -> (EGLContext, EGLSurface?) {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw eglFailure("eglBindAPI(OpenGL ES)") }
        let extensions = extensionList(eglQueryString(display, EGL_EXTENSIONS))
        let configless =
            extensions.contains("EGL_KHR_no_config_context") || extensions.contains("EGL_MESA_configless_context")
        let surfaceless = extensions.contains("EGL_KHR_surfaceless_context")
        var config: EGLConfig? = nil
        if !configless || !surfaceless {
            let wanted: [EGLint] = [
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE
            ]
            var count: EGLint = 0
            guard eglChooseConfig(display, wanted, &config, 1, &count) == EGL_TRUE, count > 0, config != nil else {
                throw eglFailure("eglChooseConfig(GLES2 pbuffer)")
            }
        }
        let attributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = eglCreateContext(display, configless ? nil : config, nil, attributes) else {
            throw eglFailure("eglCreateContext(GLES2)")
        }
        var surface: EGLSurface? = nil
        if !surfaceless {
            let size: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            surface = eglCreatePbufferSurface(display, config, size)
            if surface == nil {
                let error = eglFailure("eglCreatePbufferSurface(1×1)")
                eglDestroyContext(display, context)
                throw error
            }
        }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
            let error = eglFailure("eglMakeCurrent")
            if let surface { eglDestroySurface(display, surface) }
            eglDestroyContext(display, context)
            throw error
        }
        return (context, surface)
    }

    /// Releases the context from this thread and destroys it (and the display when it is ours).
    func close() {
        eglMakeCurrent(display, nil, nil, nil)
        if let surface { eglDestroySurface(display, surface) }
        eglDestroyContext(display, context)
        if let renderNode {
            eglTerminate(display)
            renderNode.close()
        }
        eglReleaseThread()
    }
}
