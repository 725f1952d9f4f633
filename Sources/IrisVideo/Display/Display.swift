import CDRM
import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

/// A DRM/KMS preview: one card, one connector, one mode. Frames come either as pixels (the CPU renderer's
/// output, copied into double-buffered dumb buffers) or as `ScanoutBuffer`s rendered on the card by the GLES
/// renderer (imported once per buffer, then flipped). The first frame sets the mode; later ones are page
/// flips that complete at vblank, so there is no tearing; waiting for them sleeps in `poll`. `close()` (or
/// deinit) puts back what the CRTC showed before.
///
///     let display = try Display(card: "/dev/dri/card0", mode: ModeRequest("640x480"))
///     try display.show(try context.render(image.letterboxed(width: display.width, height: display.height)))
///     display.close()
public final class Display {
    public let card: DisplayCard
    public let connector: DisplayConnector
    public let mode: DisplayMode
    public let crtc: DisplayCRTC
    public var width: Int { mode.width }
    public var height: Int { mode.height }
    public var path: String { card.path }
    /// Frames shown so far (the first is the mode set, the others page flips).
    public private(set) var framesShown = 0

    private let saved: CRTCState
    private let flipper: PageFlip
    private var dumb: [(buffer: DumbBuffer, framebuffer: Framebuffer)] = []
    private var nextDumb = 0
    private var imported: [Int: (handles: [UInt32], framebuffer: Framebuffer)] = [:]
    private var shownScanout: ScanoutBuffer?
    private var closed = false
    /// Whether the mode is set (by the first frame, or the black frame under a scaling plane).
    private var modeSet = false
    /// Frames of another size, scaled by an overlay plane: its id (nil: none offered, or the driver refused)
    /// and two buffers of the frame's size.
    private var scalingPlane: UInt32?
    private var planeFrames: [(buffer: DumbBuffer, framebuffer: Framebuffer)] = []
    private var nextPlaneFrame = 0
    /// Whether frames of another size are scaled by a KMS plane: nil until the first such frame.
    public private(set) var scalesOnPlane: Bool?

    /// Opens `card` (nil: the first card with a connected connector) as DRM master and chooses the
    /// connector and mode (see `ModeChoice`). Nothing changes on screen until the first frame.
    public convenience init(card path: String? = nil, connector: String? = nil, mode: ModeRequest? = nil)
        throws(DisplayError)
    {
        try self.init(card: Display.openCard(path), connector: connector, mode: mode)
    }

    /// `path`, else the first card with a connected connector, else the first card that opens (whose
    /// resources then say what is missing).
    static func openCard(_ path: String?) throws(DisplayError) -> DisplayCard {
        if let path { return try DisplayCard(path: path) }
        let paths = DisplayCard.cardPaths()
        guard !paths.isEmpty else { throw .noCard }
        var firstCard: DisplayCard?
        var firstError: DisplayError?
        for candidate in paths {
            do {
                let card = try DisplayCard(path: candidate)
                if (try? card.resources())?.connectors.contains(where: { $0.connected && !$0.isWriteback }) == true {
                    return card
                }
                if firstCard == nil { firstCard = card }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstCard { return firstCard }
        throw firstError ?? .noCard
    }

    public init(card: DisplayCard, connector name: String? = nil, mode request: ModeRequest? = nil) throws(DisplayError)
    {
        let choice = try ModeChoice.choose(in: card.resources(), connector: name, mode: request, path: card.path)
        self.card = card
        connector = choice.connector
        mode = choice.mode
        crtc = choice.crtc
        // The connectors the CRTC drove before: those whose current encoder feeds it (ours when lit).
        saved = CRTCState(card: card, crtc: crtc.id, connectors: crtc.framebuffer != 0 ? [connector.id] : [])
        flipper = PageFlip(card: card)
    }

    deinit { close() }

    /// Shows an RGBA8 or BGRA8 frame of the mode's size (letterbox it first: `Image.letterboxed`).
    /// Copies it into the dumb buffer not on screen, flips to it at the next vblank, and returns once it is
    /// on screen (so the other buffer is free for the next frame).
    public func show(_ pixels: PixelBuffer) throws(DisplayError) {
        guard pixels.width == width, pixels.height == height, pixels.format == .rgba8 || pixels.format == .bgra8 else {
            throw .unsupportedBuffer(
                path: path,
                reason:
                    "a \(pixels.width)×\(pixels.height) \(pixels.format) frame on a \(mode) display: render "
                    + "\(width)×\(height) RGBA8 or BGRA8 (Image.letterboxed)"
            )
        }
        try ensureDumbBuffers()
        let target = dumb[nextDumb]
        Display.copy(pixels, into: target.buffer)
        try present(target.framebuffer.id)
        try flipper.wait()
        nextDumb = (nextDumb + 1) % dumb.count
    }

    /// Shows an RGBA8 or BGRA8 frame of another size than the mode's, fitted to it (centred, uniformly scaled,
    /// black bars) by an overlay plane's scaler, where the driver offers one: the frame is copied at its own
    /// size and the hardware scales it. Returns false, showing nothing, when there is no overlay plane for
    /// this CRTC or the driver refuses to scale (remembered: `scalesOnPlane`); the caller then fits the frame
    /// itself (`Image.letterboxed`) and calls `show(_:)`.
    public func showScaled(_ pixels: PixelBuffer) throws(DisplayError) -> Bool {
        guard scalesOnPlane != false, pixels.format == .rgba8 || pixels.format == .bgra8, pixels.width > 0,
            pixels.height > 0
        else {
            return false
        }
        if scalingPlane == nil {
            guard let plane = try ScalingPlane.choose(in: card.resources(), crtcIndex: crtc.index) else {
                scalesOnPlane = false
                return false
            }
            scalingPlane = plane
        }
        guard let plane = scalingPlane else { return false }
        if planeFrames.first.map({ $0.buffer.width != pixels.width || $0.buffer.height != pixels.height }) ?? true {
            releasePlaneFrames()
            for _ in 0..<2 {
                let buffer = try DumbBuffer(card: card, width: pixels.width, height: pixels.height)
                do {
                    planeFrames.append(
                        (
                            buffer,
                            try Framebuffer(
                                card: card, width: pixels.width, height: pixels.height,
                                fourCC: ScanoutBuffer.xrgb8888, handle: buffer.handle,
                                bytesPerRow: buffer.bytesPerRow)
                        ))
                } catch {
                    buffer.destroy()
                    throw error
                }
            }
        }
        if !modeSet {
            // The mode is set with a black frame of its size under the plane.
            try ensureDumbBuffers()
            try setMode(dumb[nextDumb].framebuffer.id)
            nextDumb = (nextDumb + 1) % dumb.count
        }
        let target = planeFrames[nextPlaneFrame]
        Display.copy(pixels, into: target.buffer)
        let box = Letterbox(source: (pixels.width, pixels.height), display: (width, height))
        // KMS rectangles are top-left based; the letterbox's is bottom-left.
        let top = height - Int(box.content.maxY.rounded())
        let r = drmModeSetPlane(
            card.fd, plane, crtc.id, target.framebuffer.id, 0,
            Int32(box.content.minX), Int32(top), UInt32(box.content.width.rounded()),
            UInt32(box.content.height.rounded()),
            0, 0, UInt32(pixels.width) << 16, UInt32(pixels.height) << 16)
        guard r == 0 else {
            let code = r < 0 ? -r : errno
            // EINVAL or ERANGE: this plane cannot scale (or place) the frame so; the caller scales.
            if scalesOnPlane == nil && (code == EINVAL || code == ERANGE || code == EOPNOTSUPP) {
                scalesOnPlane = false
                releasePlaneFrames()
                return false
            }
            throw card.error("drmModeSetPlane(plane \(plane), \(pixels.width)×\(pixels.height) → \(mode))", code: code)
        }
        scalesOnPlane = true
        framesShown += 1
        nextPlaneFrame = (nextPlaneFrame + 1) % planeFrames.count
        return true
    }

    private func ensureDumbBuffers() throws(DisplayError) {
        guard dumb.isEmpty else { return }
        for _ in 0..<2 {
            let buffer = try DumbBuffer(card: card, width: width, height: height)
            do {
                dumb.append(
                    (
                        buffer,
                        try Framebuffer(
                            card: card, width: width, height: height, fourCC: ScanoutBuffer.xrgb8888,
                            handle: buffer.handle, bytesPerRow: buffer.bytesPerRow)
                    ))
            } catch {
                buffer.destroy()
                throw error
            }
        }
    }

    private func releasePlaneFrames() {
        if let plane = scalingPlane, scalesOnPlane == true {
            _ = drmModeSetPlane(card.fd, plane, crtc.id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        }
        for (buffer, framebuffer) in planeFrames {
            framebuffer.remove(from: card)
            buffer.destroy()
        }
        planeFrames.removeAll()
        nextPlaneFrame = 0
    }

    /// Shows a buffer rendered on this card (`GLESScanoutRenderer`); returns the buffer that has left the
    /// screen, which its producer may now render into again (nil for the first frame).
    @discardableResult
    public func show(_ buffer: ScanoutBuffer) throws(DisplayError) -> ScanoutBuffer? {
        let dmabuf = buffer.dmabuf
        guard dmabuf.width == width, dmabuf.height == height else {
            throw .unsupportedBuffer(
                path: path, reason: "a \(dmabuf.width)×\(dmabuf.height) buffer on a \(mode) display")
        }
        let framebuffer: Framebuffer
        if let known = imported[buffer.id] {
            framebuffer = known.framebuffer
        } else {
            let handles = try importHandles(dmabuf)
            let planes = zip(handles.perPlane, dmabuf.planes).map {
                Framebuffer.Plane(handle: $0, bytesPerRow: $1.bytesPerRow, offset: $1.offset)
            }
            do {
                framebuffer = try Framebuffer(
                    card: card, width: width, height: height, fourCC: dmabuf.fourCC, planes: planes,
                    modifier: dmabuf.modifier)
            } catch {
                closeHandles(handles.distinct)
                throw error
            }
            imported[buffer.id] = (handles.distinct, framebuffer)
        }
        try present(framebuffer.id)
        try flipper.wait()
        let previous = shownScanout
        shownScanout = buffer
        return previous?.id == buffer.id ? nil : previous
    }

    /// The first frame sets the mode (immediately); later frames are page flips at vblank.
    private func present(_ framebuffer: UInt32) throws(DisplayError) {
        if !modeSet {
            try setMode(framebuffer)
        } else {
            try flipper.flip(crtc: crtc.id, framebuffer: framebuffer)
        }
        framesShown += 1
    }

    private func setMode(_ framebuffer: UInt32) throws(DisplayError) {
        var ids = [connector.id]
        var info = mode.info
        let r = drmModeSetCrtc(card.fd, crtc.id, framebuffer, 0, 0, &ids, 1, &info)
        guard r == 0 else { throw card.error("drmModeSetCrtc(\(connector.name), \(mode))", code: r < 0 ? -r : errno) }
        modeSet = true
    }

    /// The vblank sequence number and time of the last completed page flip.
    public var lastFlip: (sequence: UInt32, seconds: Double)? {
        let c = flipper.completed
        return c.flips == 0 ? nil : (c.sequence, Double(c.seconds) + Double(c.microseconds) / 1e6)
    }

    /// Waits for a pending flip, puts back what the CRTC showed before, and releases the buffers. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        try? flipper.wait(timeout: 1)
        releasePlaneFrames()
        if modeSet { saved.restore(on: card) }
        for (buffer, framebuffer) in dumb {
            framebuffer.remove(from: card)
            buffer.destroy()
        }
        dumb.removeAll()
        for (_, entry) in imported {
            entry.framebuffer.remove(from: card)
            closeHandles(entry.handles)
        }
        imported.removeAll()
    }

    /// GEM handles for each plane's descriptor, and the distinct ones to close later (planes that share a
    /// dmabuf get the same handle, and a handle is closed once).
    private func importHandles(_ dmabuf: DMABuf) throws(DisplayError) -> (perPlane: [UInt32], distinct: [UInt32]) {
        var perPlane: [UInt32] = []
        var distinct: [UInt32] = []
        for plane in dmabuf.planes {
            var handle: UInt32 = 0
            guard drmPrimeFDToHandle(card.fd, plane.fd, &handle) == 0 else {
                let error = card.error("drmPrimeFDToHandle(dmabuf fd \(plane.fd))")
                closeHandles(distinct)
                throw error
            }
            perPlane.append(handle)
            if !distinct.contains(handle) { distinct.append(handle) }
        }
        return (perPlane, distinct)
    }

    private func closeHandles(_ handles: [UInt32]) {
        for handle in handles { _ = drmCloseBufferHandle(card.fd, handle) }
    }

    /// Waits for a page flip still in flight (before an atomic commit or a grab).
    func flipperIdle() throws(DisplayError) { try flipper.wait() }

    /// The framebuffer the CRTC shows before Iris's first frame and after `close()`.
    public var savedFramebuffer: UInt32 { saved.framebuffer }

    /// Copies rows, swapping R and B for RGBA8 (XRGB8888 is B, G, R, X in memory).
    static func copy(_ pixels: PixelBuffer, into buffer: DumbBuffer) {
        let rowBytes = pixels.width * 4
        let swap = pixels.format == .rgba8
        pixels.planes[0].withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            for row in 0..<pixels.height {
                let src = from + row * pixels.planes[0].bytesPerRow
                let dst = buffer.pixels + row * buffer.bytesPerRow
                if !swap {
                    dst.copyMemory(from: src, byteCount: rowBytes)
                    continue
                }
                let s = src.assumingMemoryBound(to: UInt32.self), d = dst.assumingMemoryBound(to: UInt32.self)
                for x in 0..<pixels.width {
                    let v = s[x]  // little-endian: A B G R in the word
                    d[x] = (v & 0xff00_ff00) | ((v & 0xff) << 16) | ((v >> 16) & 0xff)
                }
            }
        }
    }
}
