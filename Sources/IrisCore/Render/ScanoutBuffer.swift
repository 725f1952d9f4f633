/// A rendered frame in a buffer a display can scan out: the `DMABuf` the GLES renderer filled and
/// exported, and an id for the buffer behind it. The type the renderer (which fills it) and the DRM/KMS
/// display (which shows it) share; it holds no GL or KMS object, only what the kernel needs to import the
/// memory (`drmPrimeFDToHandle`, `AddFB2`).
///
///     if let gone = try display.show(try scanout.render(plan)) { scanout.release(gone) }
///
/// The producer owns the dmabuf's descriptors and keeps them open until it is closed itself; a display that
/// imports them keeps its own reference. The same `id` always means the same memory, so a display can keep
/// one framebuffer per buffer instead of importing every frame.
public struct ScanoutBuffer: Sendable, Hashable, CustomStringConvertible {
    public let id: Int
    public let dmabuf: DMABuf

    public init(id: Int, dmabuf: DMABuf) {
        self.id = id
        self.dmabuf = dmabuf
    }

    /// DRM_FORMAT_XRGB8888 (= GBM_FORMAT_XRGB8888), bytes B, G, R, X: the one scanout format Iris renders into.
    public static let xrgb8888: FourCC = "XR24"

    public var description: String { "\(dmabuf) (buffer \(id))" }
}
