import CDRM

/// What a CRTC showed before Iris took it (framebuffer, position, mode, connectors), so the console or
/// the compositor's picture comes back on exit.
struct CRTCState {
    let crtc: UInt32
    let framebuffer: UInt32
    let x: UInt32
    let y: UInt32
    let mode: drmModeModeInfo?
    let connectors: [UInt32]

    /// Saves `crtc`'s state; `connectors` are the ones to drive again on restore (those it drove before).
    init(card: DisplayCard, crtc: UInt32, connectors: [UInt32]) {
        self.crtc = crtc
        if let c = drmModeGetCrtc(card.fd, crtc) {
            framebuffer = c.pointee.buffer_id
            x = c.pointee.x
            y = c.pointee.y
            mode = c.pointee.mode_valid != 0 ? c.pointee.mode : nil
            drmModeFreeCrtc(c)
        } else {
            framebuffer = 0
            x = 0
            y = 0
            mode = nil
        }
        self.connectors = connectors
    }

    /// Puts the saved framebuffer and mode back, or turns the CRTC off if it was off.
    @discardableResult
    func restore(on card: DisplayCard) -> Bool {
        var ids = connectors
        if framebuffer != 0, var mode, !ids.isEmpty {
            return drmModeSetCrtc(card.fd, crtc, framebuffer, x, y, &ids, Int32(ids.count), &mode) == 0
        }
        return drmModeSetCrtc(card.fd, crtc, 0, 0, 0, nil, 0, nil) == 0
    }
}
