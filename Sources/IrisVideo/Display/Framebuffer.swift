import CDRM
import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

/// A KMS framebuffer (drmModeAddFB2): buffer objects described as pixels the CRTC can scan out.
struct Framebuffer {
    /// One plane: a GEM handle on the card, and where the plane's rows lie in it.
    struct Plane {
        let handle: UInt32
        let bytesPerRow: Int
        let offset: Int
    }

    let id: UInt32
    let width: Int
    let height: Int

    /// Registers one plane of `handle` (a GEM handle on `card`) as a `fourCC` framebuffer.
    init(card: DisplayCard, width: Int, height: Int, fourCC: FourCC, handle: UInt32, bytesPerRow: Int)
        throws(DisplayError)
    {
        try self.init(
            card: card, width: width, height: height, fourCC: fourCC,
            planes: [Plane(handle: handle, bytesPerRow: bytesPerRow, offset: 0)])
    }

    /// Registers up to four planes as a `fourCC` framebuffer; `modifier` applies to every plane, as DRM requires.
    init(card: DisplayCard, width: Int, height: Int, fourCC: FourCC, planes: [Plane], modifier: UInt64? = nil)
        throws(DisplayError)
    {
        guard (1...4).contains(planes.count) else {
            throw .unsupportedBuffer(path: card.path, reason: "\(planes.count) planes; a KMS framebuffer takes 1 to 4")
        }
        func four<T>(_ values: [T], _ zero: T) -> [T] { values + Array(repeating: zero, count: 4 - values.count) }
        let handles = four(planes.map(\.handle), 0)
        let pitches = four(planes.map { UInt32($0.bytesPerRow) }, 0)
        let offsets = four(planes.map { UInt32($0.offset) }, 0)
        var id: UInt32 = 0
        let r: Int32
        if let modifier, modifier != DMABuf.invalidModifier {
            let modifiers = four(planes.map { _ in modifier }, 0)
            r = drmModeAddFB2WithModifiers(
                card.fd, UInt32(width), UInt32(height), fourCC.code, handles, pitches, offsets,
                modifiers, &id, UInt32(DRM_MODE_FB_MODIFIERS))
        } else {
            r = drmModeAddFB2(card.fd, UInt32(width), UInt32(height), fourCC.code, handles, pitches, offsets, &id, 0)
        }
        guard r == 0 else {
            let strides = planes.map { String($0.bytesPerRow) }.joined(separator: "/")
            throw card.error("drmModeAddFB2(\(width)×\(height) \(fourCC), stride \(strides))", code: r < 0 ? -r : errno)
        }
        self.id = id
        self.width = width
        self.height = height
    }

    func remove(from card: DisplayCard) { _ = drmModeRmFB(card.fd, id) }
}
