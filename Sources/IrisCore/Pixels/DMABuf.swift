/// An image in dmabuf memory, described the way kernels and drivers import one (DRM's AddFB2, EGL's
/// EXT_image_dma_buf_import): a size, a FourCC, each plane's descriptor, offset and stride, and the
/// format modifier. The one description capture (`Camera.exportDMABUF`) and scanout (`ScanoutBuffer`)
/// share. It is a description only: it neither owns nor closes its descriptors; whoever exported them does.
///
///     let frame = try camera.exportDMABUF(bufferIndex: 0)   // 640×480 NV12 [fd 7 +0 stride 640, fd 7 +307200 stride 640] linear
public struct DMABuf: Sendable, Hashable, CustomStringConvertible {
    /// Where one plane's rows lie: in which dmabuf, from which byte, how far apart.
    public struct Plane: Sendable, Hashable {
        public let fd: Int32
        /// Bytes from the start of the dmabuf to the plane's first row.
        public let offset: Int
        public let bytesPerRow: Int

        public init(fd: Int32, offset: Int, bytesPerRow: Int) {
            self.fd = fd
            self.offset = offset
            self.bytesPerRow = bytesPerRow
        }
    }

    public let width: Int
    public let height: Int
    /// DRM's FourCC of the pixels, what importers take. A compressed capture format, which DRM has no code
    /// for, keeps its V4L2 FourCC ("MJPG").
    public let fourCC: FourCC
    /// The planes in the format's plane order; several may share one descriptor at different offsets.
    public let planes: [Plane]
    /// The DRM format modifier; nil when the layout is implicit (agreed between exporter and importer).
    public let modifier: UInt64?

    /// DRM_FORMAT_MOD_LINEAR: rows one after another, no tiling (every V4L2 capture buffer).
    public static let linearModifier: UInt64 = 0
    /// DRM_FORMAT_MOD_INVALID: what GBM and DRM report for "no explicit modifier".
    public static let invalidModifier: UInt64 = 0x00FF_FFFF_FFFF_FFFF

    public init(width: Int, height: Int, fourCC: FourCC, planes: [Plane], modifier: UInt64?) {
        self.width = width
        self.height = height
        self.fourCC = fourCC
        self.planes = planes
        self.modifier = modifier
    }

    /// The distinct descriptors in plane order: what the exporter closes when it is done.
    public var fileDescriptors: [Int32] {
        planes.reduce(into: []) { fds, plane in if !fds.contains(plane.fd) { fds.append(plane.fd) } }
    }

    public var description: String {
        let planeText = planes.map { "fd \($0.fd) +\($0.offset) stride \($0.bytesPerRow)" }.joined(separator: ", ")
        let modifierText =
            modifier.map { $0 == DMABuf.linearModifier ? "linear" : "modifier 0x" + String($0, radix: 16) }
            ?? "implicit layout"
        return "\(width)×\(height) \(fourCC) [\(planeText)] \(modifierText)"
    }
}
