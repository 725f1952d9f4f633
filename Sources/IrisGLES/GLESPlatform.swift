/// The EGL platform a `GLESRenderer`'s display comes from.
public enum GLESPlatform: String, Sendable, CaseIterable, CustomStringConvertible {
    /// EGL on a GBM device opened on a DRM render node (`/dev/dri/renderD*`): boards with a GPU.
    case gbm
    /// Mesa's surfaceless platform: headless machines and CI (llvmpipe).
    case surfaceless
    /// An EGL device from `eglQueryDevicesEXT` (EGL_EXT_platform_device), with no window system and no DRM
    /// node needed: NVIDIA's driver on headless servers, where there is no GBM and no surfaceless platform.
    case device

    public var description: String { rawValue }
}
