/// The EGL platform a `GLESRenderer`'s display comes from.
public enum GLESPlatform: String, Sendable, CaseIterable, CustomStringConvertible {
    /// EGL on a GBM device opened on a DRM render node (`/dev/dri/renderD*`): boards with a GPU.
    case gbm
    /// Mesa's surfaceless platform: headless machines and CI (llvmpipe).
    case surfaceless

    public var description: String { rawValue }
}
