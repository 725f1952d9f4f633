import CDRM
#if canImport(Glibc)
    import Glibc
#endif

/// Page flips paced by vblank: `flip` queues a framebuffer for the next vertical blank and asks for an
/// event; `wait` sleeps in `poll` on the card until that event arrives (drmHandleEvent), so the caller never
/// spins and never writes a buffer that is still on screen.
final class PageFlip {
    /// What the kernel reports for each completed flip; filled by the event handler.
    struct Completion {
        var flips = 0
        var sequence: UInt32 = 0
        var seconds: UInt32 = 0
        var microseconds: UInt32 = 0
    }

    private let card: DisplayCard
    private let completion = UnsafeMutablePointer<Completion>.allocate(capacity: 1)
    private var context = drmEventContext()
    /// A flip was queued and its event has not come yet.
    private(set) var pending = false

    init(card: DisplayCard) {
        self.card = card
        completion.initialize(to: Completion())
        context.version = 2
        context.page_flip_handler = { _, sequence, seconds, microseconds, data in
            guard let record = data?.assumingMemoryBound(to: Completion.self) else { return }
            record.pointee.flips += 1
            record.pointee.sequence = sequence
            record.pointee.seconds = seconds
            record.pointee.microseconds = microseconds
        }
    }

    deinit { completion.deallocate() }

    var completed: Completion { completion.pointee }

    /// Queues `framebuffer` on `crtc` for the next vblank. Waits for a flip still pending first.
    func flip(crtc: UInt32, framebuffer: UInt32, timeout: Double = 2) throws(DisplayError) {
        if pending { try wait(timeout: timeout) }
        let r = drmModePageFlip(
            card.fd, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), UnsafeMutableRawPointer(completion))
        guard r == 0 else {
            throw card.error("drmModePageFlip(CRTC \(crtc), fb \(framebuffer))", code: r < 0 ? -r : errno)
        }
        pending = true
    }

    /// Blocks in `poll` until the pending flip's vblank event has been handled.
    func wait(timeout: Double = 2) throws(DisplayError) {
        guard pending else { return }
        let target = completion.pointee.flips + 1
        var remaining = Int32(timeout * 1000)
        while completion.pointee.flips < target {
            var pfd = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
            var start = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            let n = poll(&pfd, 1, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw card.error("poll(page flip event)")
            }
            if n == 0 { throw .timeout(path: card.path, operation: "page flip", seconds: timeout) }
            if pfd.revents & Int16(POLLIN) != 0 {
                guard drmHandleEvent(card.fd, &context) == 0 else { throw card.error("drmHandleEvent") }
            } else if pfd.revents & Int16(POLLERR | POLLHUP) != 0 {
                throw .failed(path: card.path, operation: "poll(page flip event)", reason: "the card went away")
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            remaining -= Int32((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000)
            if remaining <= 0 && completion.pointee.flips < target {
                throw .timeout(path: card.path, operation: "page flip", seconds: timeout)
            }
        }
        pending = false
    }
}
