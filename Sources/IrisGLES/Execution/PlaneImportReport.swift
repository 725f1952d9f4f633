import Synchronization

/// How a GLES renderer gets camera planes that live in a dmabuf onto the GPU, for the run's summary: imported
/// (`EGL_EXT_image_dma_buf_import`, each image checked against its memory), or uploaded from the mapped
/// memory, and why.
///
///     print(renderer.planeImport)   // "uploaded from mapped memory: the surfaceless display lacks EGL_EXT_image_dma_buf_import"
public enum PlaneImportStatus: Sendable, Equatable, CustomStringConvertible {
    /// The display and GL offer import; no dmabuf plane has come yet.
    case available
    /// Planes in dmabufs are imported and each new image read back equal to its memory.
    case importing
    /// The display or GL lacks what import needs.
    case unavailable(String)
    /// Import was tried and refused or read wrongly; planes are uploaded from then on.
    case refused(String)

    var isUsable: Bool { self == .available || self == .importing }

    public var description: String {
        switch self {
        case .available: return "dmabuf import available (no dmabuf plane rendered yet)"
        case .importing: return "camera planes imported as dmabufs (each image checked against its memory)"
        case .unavailable(let reason): return "uploaded from mapped memory: \(reason)"
        case .refused(let reason): return "uploaded from mapped memory: import refused: \(reason)"
        }
    }
}

/// The status, shared between the GL thread that changes it and whoever reads it.
public final class PlaneImportReport: Sendable {
    private let current = Mutex(PlaneImportStatus.unavailable("not started"))
    public init() {}
    public var status: PlaneImportStatus { current.withLock { $0 } }
    func set(_ status: PlaneImportStatus) { current.withLock { $0 = status } }
}
