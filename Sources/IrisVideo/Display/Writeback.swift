import CDRM
import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

extension Display {
    /// Reads back what the CRTC is composing now through the card's writeback connector (vkms has one, as
    /// do many SoC display engines): an atomic commit attaches the writeback connector to this CRTC beside
    /// the display (clone mode) with a dumb framebuffer and an out-fence; the fence signals once a composed
    /// frame is in it. Returns BGRA8 with alpha 255. For tests: it costs a modeset on both ends.
    public func captureWriteback(timeout: Double = 2) throws(DisplayError) -> PixelBuffer {
        try flipperIdle()
        guard drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0,
            drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0
        else {
            throw .unsupportedBuffer(
                path: path, reason: "the driver has no atomic modesetting with writeback connectors")
        }
        guard let writeback = try card.resources().connectors.first(where: \.isWriteback) else {
            throw .unsupportedBuffer(path: path, reason: "no writeback connector")
        }
        let object = UInt32(DRM_MODE_OBJECT_CONNECTOR)
        guard let crtcProp = card.propertyIDAndValue(object: writeback.id, type: object, name: "CRTC_ID")?.id,
            let fbProp = card.propertyIDAndValue(object: writeback.id, type: object, name: "WRITEBACK_FB_ID")?.id,
            let fenceProp = card.propertyIDAndValue(
                object: writeback.id, type: object, name: "WRITEBACK_OUT_FENCE_PTR")?.id
        else {
            throw .unsupportedBuffer(
                path: path, reason: "\(writeback.name) lacks CRTC_ID/WRITEBACK_FB_ID/WRITEBACK_OUT_FENCE_PTR")
        }
        let buffer = try DumbBuffer(card: card, width: width, height: height)
        defer { buffer.destroy() }
        let framebuffer = try Framebuffer(
            card: card, width: width, height: height, fourCC: ScanoutBuffer.xrgb8888,
            handle: buffer.handle, bytesPerRow: buffer.bytesPerRow)
        defer { framebuffer.remove(from: card) }
        // The kernel writes the fence's fd through this pointer (an s32) during the commit.
        let fence = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        fence.initialize(to: -1)
        defer {
            if fence.pointee >= 0 { Glibc.close(fence.pointee) }
            fence.deallocate()
        }

        guard let request = drmModeAtomicAlloc() else {
            throw .failed(path: path, operation: "drmModeAtomicAlloc", reason: "out of memory")
        }
        defer { drmModeAtomicFree(request) }
        _ = drmModeAtomicAddProperty(request, writeback.id, crtcProp, UInt64(crtc.id))
        _ = drmModeAtomicAddProperty(request, writeback.id, fbProp, UInt64(framebuffer.id))
        _ = drmModeAtomicAddProperty(request, writeback.id, fenceProp, UInt64(UInt(bitPattern: fence)))
        let r = drmModeAtomicCommit(card.fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
        guard r == 0 else {
            throw .failed(
                path: path,
                operation:
                    "atomic commit of \(writeback.name) on CRTC \(crtc.id) (clone mode needs vkms with possible_clones; tools/vm applies the patch)",
                reason: String(cString: strerror(r < 0 ? -r : errno)))
        }
        defer {
            // Detach the writeback connector again so later page flips see the plain display.
            if let detach = drmModeAtomicAlloc() {
                _ = drmModeAtomicAddProperty(detach, writeback.id, crtcProp, 0)
                _ = drmModeAtomicCommit(card.fd, detach, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
                drmModeAtomicFree(detach)
            }
        }
        var pfd = pollfd(fd: fence.pointee, events: Int16(POLLIN), revents: 0)
        var n: Int32
        repeat { n = poll(&pfd, 1, Int32(timeout * 1000)) } while n < 0 && errno == EINTR
        guard n > 0 else { throw .timeout(path: path, operation: "writeback of \(writeback.name)", seconds: timeout) }

        var out = PixelBuffer(width: width, height: height, format: .bgra8)
        let rowBytes = width * 4
        out.planes[0].bytes.withUnsafeMutableBytes { bytes in
            guard let to = bytes.baseAddress else { return }
            for row in 0..<height {
                (to + row * rowBytes).copyMemory(from: buffer.pixels + row * buffer.bytesPerRow, byteCount: rowBytes)
                let words = (to + row * rowBytes).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { words[x] |= 0xff00_0000 }
            }
        }
        return out
    }

    /// Reads the framebuffer the CRTC scans out now (GETFB2 + map), as another client would grab the screen.
    /// Needs the buffer to be mappable on this card (dumb buffers, and GBM buffers of software drivers).
    public func grabScanout() throws(DisplayError) -> PixelBuffer {
        try flipperIdle()
        guard let c = drmModeGetCrtc(card.fd, crtc.id) else { throw card.error("drmModeGetCrtc") }
        let fbID = c.pointee.buffer_id
        drmModeFreeCrtc(c)
        guard fbID != 0, let fb = drmModeGetFB2(card.fd, fbID) else { throw card.error("drmModeGetFB2(\(fbID))") }
        defer { drmModeFreeFB2(fb) }
        let f = fb.pointee
        let format = FourCC(code: f.pixel_format)
        guard format == ScanoutBuffer.xrgb8888 || format == "AR24" else {
            throw .unsupportedBuffer(path: path, reason: "scanout format \(format)")
        }
        let handle = f.handles.0, pitch = Int(f.pitches.0), offset = Int(f.offsets.0)
        guard handle != 0 else { throw .permissionDenied(path: path) }
        defer { _ = drmCloseBufferHandle(card.fd, handle) }
        var mapOffset: UInt64 = 0
        let m = drmModeMapDumbBuffer(card.fd, handle, &mapOffset)
        guard m == 0 else { throw card.error("DRM_IOCTL_MODE_MAP_DUMB(GETFB2 handle)", code: -m) }
        let size = offset + pitch * Int(f.height)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_SHARED, card.fd, off_t(mapOffset)), mapped != MAP_FAILED
        else {
            throw card.error("mmap(scanout)")
        }
        defer { munmap(mapped, size) }
        let w = min(Int(f.width), width), h = min(Int(f.height), height)
        var out = PixelBuffer(width: w, height: h, format: .bgra8)
        out.planes[0].bytes.withUnsafeMutableBytes { bytes in
            guard let to = bytes.baseAddress else { return }
            for row in 0..<h {
                (to + row * w * 4).copyMemory(from: mapped + offset + row * pitch, byteCount: w * 4)
                let words = (to + row * w * 4).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { words[x] |= 0xff00_0000 }
            }
        }
        return out
    }
}
