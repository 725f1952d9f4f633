import CDRM
import IrisCore
#if canImport(Glibc)
import Glibc
#endif

/// A KMS framebuffer (drmModeAddFB2): a buffer object described as pixels the CRTC can scan out.
struct Framebuffer {
    let id: UInt32
    let width: Int
    let height: Int

    /// Registers one plane of `handle` (a GEM handle on `card`) as a `fourCC` framebuffer.
    init(card: DisplayCard, width: Int, height: Int, fourCC: FourCC, handle: UInt32, bytesPerRow: Int,
         offset: Int = 0, modifier: UInt64? = nil) throws(DisplayError) {
        let handles: [UInt32] = [handle, 0, 0, 0]
        let pitches: [UInt32] = [UInt32(bytesPerRow), 0, 0, 0]
        let offsets: [UInt32] = [UInt32(offset), 0, 0, 0]
        var id: UInt32 = 0
        let r: Int32
        if let modifier, modifier != 0x00ff_ffff_ffff_ffff {  // DRM_FORMAT_MOD_INVALID: implicit layout
            let modifiers: [UInt64] = [modifier, 0, 0, 0]
            r = drmModeAddFB2WithModifiers(card.fd, UInt32(width), UInt32(height), fourCC.code, handles, pitches, offsets,
                                           modifiers, &id, UInt32(DRM_MODE_FB_MODIFIERS))
        } else {
            r = drmModeAddFB2(card.fd, UInt32(width), UInt32(height), fourCC.code, handles, pitches, offsets, &id, 0)
        }
        guard r == 0 else {
            throw card.error("drmModeAddFB2(\(width)×\(height) \(fourCC), stride \(bytesPerRow))", code: r < 0 ? -r : errno)
        }
        self.id = id; self.width = width; self.height = height
    }

    func remove(from card: DisplayCard) { _ = drmModeRmFB(card.fd, id) }
}
