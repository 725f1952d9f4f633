import CDRM
#if canImport(Glibc)
    import Glibc
#endif

/// A CPU-writable scanout buffer (a DRM "dumb" buffer), mapped into this process: what the CPU renderer's
/// frames are copied into. Owned by its card; destroy before the card closes.
final class DumbBuffer {
    let width: Int
    let height: Int
    let handle: UInt32
    let bytesPerRow: Int
    let size: Int
    let pixels: UnsafeMutableRawPointer
    private let fd: Int32

    /// A 32-bit-per-pixel buffer, mapped and zero-filled (black in XRGB8888).
    init(card: DisplayCard, width: Int, height: Int) throws(DisplayError) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let r = drmModeCreateDumbBuffer(card.fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size)
        guard r == 0 else { throw card.error("DRM_IOCTL_MODE_CREATE_DUMB(\(width)×\(height))", code: -r) }
        var offset: UInt64 = 0
        let m = drmModeMapDumbBuffer(card.fd, handle, &offset)
        guard m == 0 else {
            _ = drmModeDestroyDumbBuffer(card.fd, handle)
            throw card.error("DRM_IOCTL_MODE_MAP_DUMB", code: -m)
        }
        let mapped = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, card.fd, off_t(offset))
        guard let mapped, mapped != MAP_FAILED else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(card.fd, handle)
            throw card.error("mmap(dumb buffer)", code: code)
        }
        memset(mapped, 0, Int(size))
        self.width = width
        self.height = height
        self.handle = handle
        self.bytesPerRow = Int(pitch)
        self.size = Int(size)
        self.pixels = mapped
        self.fd = card.fd
    }

    func destroy() {
        munmap(pixels, size)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }
}
