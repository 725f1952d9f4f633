/// A rendered frame in a buffer a display can scan out: one plane of pixels exported as a dmabuf.
/// The type the GLES renderer (which fills it) and the DRM/KMS display (which shows it) share; it holds no
/// GL or KMS object, only what the kernel needs to import the memory (`drmPrimeFDToHandle`, `AddFB2`).
///
/// The producer owns `dmabufFD` and keeps it open until it is closed itself; a display that imports it
/// keeps its own reference. The same `id` always means the same memory, so a display can keep one
/// framebuffer per buffer instead of importing every frame.
public struct ScanoutBuffer: Sendable, Hashable, CustomStringConvertible {
    public let id: Int
    public let dmabufFD: Int32
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let offset: Int
    /// DRM FourCC of the pixels, little-endian (`ScanoutBuffer.xrgb8888` is "XR24": bytes B, G, R, X).
    public let fourCC: FourCC
    /// The DRM format modifier; nil when the buffer is linear with an implicit layout.
    public let modifier: UInt64?

    public init(id: Int, dmabufFD: Int32, width: Int, height: Int, bytesPerRow: Int, offset: Int = 0,
                fourCC: FourCC = ScanoutBuffer.xrgb8888, modifier: UInt64? = nil) {
        self.id = id; self.dmabufFD = dmabufFD; self.width = width; self.height = height
        self.bytesPerRow = bytesPerRow; self.offset = offset; self.fourCC = fourCC; self.modifier = modifier
    }

    /// DRM_FORMAT_XRGB8888 (= GBM_FORMAT_XRGB8888): the one scanout format Iris renders into.
    public static let xrgb8888: FourCC = "XR24"

    public var description: String {
        "\(width)×\(height) \(fourCC) stride \(bytesPerRow) (dmabuf fd \(dmabufFD), buffer \(id))"
    }
}
