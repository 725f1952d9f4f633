import CV4L2
import IrisCore
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The driver's capture buffers, memory-mapped into this process (V4L2_MEMORY_MMAP), the queue/dequeue
/// cycle over them, and the loans of filled buffers to frames that read them in place.
///
/// A lent buffer goes back to the driver when the last frame reading it lets go (`BorrowedMemory`'s
/// give-back), from whatever thread that is; so the queue is shared, its state behind a lock, and it works
/// on its own duplicate of the device's descriptor, closed only when the camera and every loan are gone.
/// After `release` (the camera stopped or vanished) a returned buffer is unmapped instead of queued, and the
/// buffers are freed (VIDIOC_REQBUFS 0) once the last one is back.
final class BufferQueue: Sendable {
    /// A buffer the driver has filled; give it back with `requeue`, or lend it with `lend`.
    struct Filled {
        let index: Int
        let bytesUsed: Int
        let sequence: Int
        let timestamp: Double
        let isError: Bool
    }

    /// How many loans have been made and returned, per buffer: each loan comes back exactly once.
    struct LoanCounts: Sendable, Equatable {
        var lent: [Int]
        var returned: [Int]
        var onLoan: Int { zip(lent, returned).reduce(0) { $0 + $1.0 - $1.1 } }
    }

    private struct Mapping {
        let address: UnsafeMutableRawPointer
        let length: Int
    }

    private struct State: ~Copyable {
        var mappings: [Mapping?]
        var onLoan: Set<Int> = []
        var streaming = false
        var released = false
        var counts: LoanCounts
    }

    let path: String
    let count: Int
    private let fd: Int32
    /// Each buffer exported once as a dmabuf (VIDIOC_EXPBUF), for importers; -1 where the driver refused.
    private let exported: [Int32]
    private let state: Mutex<State>

    /// Asks for `count` buffers (the driver may give more; fewer than 2 is an error) and maps them.
    init(device: VideoDevice, count requested: Int) throws(CaptureError) {
        path = device.path
        var req = v4l2_requestbuffers()
        req.count = UInt32(requested)
        req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        req.memory = V4L2_MEMORY_MMAP.rawValue
        try device.control(IRIS_VIDIOC_REQBUFS, &req, "VIDIOC_REQBUFS")
        guard req.count >= 2 else {
            throw .failed(path: device.path, operation: "VIDIOC_REQBUFS", reason: "driver gave \(req.count) buffers")
        }
        var mappings: [Mapping?] = []
        do throws(CaptureError) {
            for index in 0..<Int(req.count) {
                var buf = v4l2_buffer()
                buf.index = UInt32(index)
                buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
                buf.memory = V4L2_MEMORY_MMAP.rawValue
                try device.control(IRIS_VIDIOC_QUERYBUF, &buf, "VIDIOC_QUERYBUF")
                let p = mmap(
                    nil, Int(buf.length), PROT_READ | PROT_WRITE, MAP_SHARED, device.fd,
                    off_t(iris_v4l2_buffer_offset(&buf)))
                guard let p, p != MAP_FAILED else {
                    throw CaptureError.from(errno: errno, path: device.path, operation: "mmap")
                }
                mappings.append(Mapping(address: p, length: Int(buf.length)))
            }
        } catch {
            for case let m? in mappings { munmap(m.address, m.length) }
            req.count = 0
            _ = device.attempt(IRIS_VIDIOC_REQBUFS, &req)
            throw error
        }
        let own = dup(device.fd)
        guard own >= 0 else {
            for case let m? in mappings { munmap(m.address, m.length) }
            throw CaptureError.from(errno: errno, path: device.path, operation: "dup")
        }
        fd = own
        count = mappings.count
        exported = (0..<mappings.count).map { index in
            var e = v4l2_exportbuffer()
            e.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            e.index = UInt32(index)
            e.flags = UInt32(O_RDONLY | O_CLOEXEC)
            return device.attempt(IRIS_VIDIOC_EXPBUF, &e) == 0 ? e.fd : -1
        }
        let zeros = [Int](repeating: 0, count: mappings.count)
        state = Mutex(State(mappings: mappings, counts: LoanCounts(lent: zeros, returned: zeros)))
    }

    deinit {
        release()
        for descriptor in exported where descriptor >= 0 { close(descriptor) }
        close(fd)
    }

    /// Queues every buffer and starts streaming.
    func start() throws(CaptureError) {
        for index in 0..<count { try requeue(index) }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try control(IRIS_VIDIOC_STREAMON, &type, "VIDIOC_STREAMON")
        state.withLock { $0.streaming = true }
    }

    func requeue(_ index: Int) throws(CaptureError) {
        var buf = v4l2_buffer()
        buf.index = UInt32(index)
        buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buf.memory = V4L2_MEMORY_MMAP.rawValue
        try control(IRIS_VIDIOC_QBUF, &buf, "VIDIOC_QBUF")
    }

    /// Reads filled buffer `index`'s first `bytesUsed` bytes in place; the buffer stays with this process.
    func withBytes<R>(of index: Int, bytesUsed: Int, _ body: (UnsafeRawBufferPointer) throws(CaptureError) -> R)
        throws(CaptureError) -> R
    {
        let region: (UnsafeRawPointer, Int)? = state.withLock { state in
            state.mappings[index].map { (UnsafeRawPointer($0.address), min(bytesUsed, $0.length)) }
        }
        guard let region else { throw .deviceGone(path: path) }
        return try body(UnsafeRawBufferPointer(start: region.0, count: region.1))
    }

    /// Lends filled buffer `index` to the frames that will read it, or returns nil (and keeps it) when the
    /// loan would leave the driver fewer than `reserve` buffers to fill: capture never waits for a slow holder.
    /// `describe` gives the buffer's dmabuf description from its exported descriptor.
    func lend(_ index: Int, bytesUsed: Int, reserve: Int, describe: (Int32) -> DMABuf) -> BorrowedMemory? {
        let region: (UnsafeRawPointer, Int)? = state.withLock { state in
            guard !state.released, let mapping = state.mappings[index],
                count - state.onLoan.count - 1 >= reserve
            else { return nil }
            state.onLoan.insert(index)
            state.counts.lent[index] += 1
            return (UnsafeRawPointer(mapping.address), min(bytesUsed, mapping.length))
        }
        guard let region else { return nil }
        let dmabuf = exported[index] >= 0 ? describe(exported[index]) : nil
        return BorrowedMemory(base: region.0, count: region.1, lender: "\(path) buffer \(index)", dmabuf: dmabuf) {
            [self] in giveBack(index)
        }
    }

    var loanCounts: LoanCounts { state.withLock { $0.counts } }

    /// A loan came back: queue the buffer with the driver again, or unmap it when capture has stopped.
    private func giveBack(_ index: Int) {
        state.withLock { state in
            guard state.onLoan.remove(index) != nil else { return }
            state.counts.returned[index] += 1
            if state.released {
                unmap(index, &state)
                if state.onLoan.isEmpty { freeBuffers() }
            } else {
                var buf = v4l2_buffer()
                buf.index = UInt32(index)
                buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
                buf.memory = V4L2_MEMORY_MMAP.rawValue
                // A driver that refuses (it stopped under us) keeps the buffer; release() then frees it.
                _ = attempt(IRIS_VIDIOC_QBUF, &buf)
            }
        }
    }

    /// Waits up to `timeout` seconds for a filled buffer. Never blocks longer: the node is non-blocking
    /// and the wait is a `poll`.
    func dequeue(timeout: Double) throws(CaptureError) -> Filled {
        let deadline = Self.now() + timeout
        while true {
            var buf = v4l2_buffer()
            buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            buf.memory = V4L2_MEMORY_MMAP.rawValue
            let code = attempt(IRIS_VIDIOC_DQBUF, &buf)
            if code == 0 { return Self.filled(&buf) }
            if code != EAGAIN { throw CaptureError.from(errno: code, path: path, operation: "VIDIOC_DQBUF") }
            let left = deadline - Self.now()
            if left <= 0 { throw .timeout(path: path, seconds: timeout) }
            var p = pollfd(fd: fd, events: Int16(POLLIN | POLLPRI), revents: 0)
            let n = poll(&p, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if n < 0 && errno != EINTR { throw CaptureError.from(errno: errno, path: path, operation: "poll") }
            // POLLERR without a buffer: the device is gone or the stream stopped under us.
            if n > 0 && p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && p.revents & Int16(POLLIN) == 0 {
                var again = v4l2_buffer()
                again.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
                again.memory = V4L2_MEMORY_MMAP.rawValue
                let c = attempt(IRIS_VIDIOC_DQBUF, &again)
                if c == 0 { return Self.filled(&again) }
                if c == EAGAIN || c == EINVAL || c == EPIPE || c == ENODEV || c == EIO {
                    throw .deviceGone(path: path)
                }
                throw CaptureError.from(errno: c, path: path, operation: "VIDIOC_DQBUF")
            }
        }
    }

    private static func filled(_ buf: inout v4l2_buffer) -> Filled {
        Filled(
            index: Int(buf.index), bytesUsed: Int(buf.bytesused), sequence: Int(buf.sequence),
            timestamp: iris_v4l2_buffer_seconds(&buf), isError: buf.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
    }

    /// Exports buffer `index` as a DMABUF file descriptor (VIDIOC_EXPBUF); the caller closes it.
    func exportDMABUF(_ index: Int) throws(CaptureError) -> Int32 {
        var e = v4l2_exportbuffer()
        e.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        e.index = UInt32(index)
        e.flags = UInt32(O_RDONLY | O_CLOEXEC)
        try control(IRIS_VIDIOC_EXPBUF, &e, "VIDIOC_EXPBUF")
        return e.fd
    }

    /// Stops streaming and unmaps the buffers no frame holds; those on loan are unmapped as they come back,
    /// and the buffers are freed with the last. Safe to call more than once, and after the device has vanished.
    func release() {
        state.withLock { state in
            if state.streaming {
                var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
                _ = attempt(IRIS_VIDIOC_STREAMOFF, &type)
                state.streaming = false
            }
            guard !state.released else { return }
            state.released = true
            for index in state.mappings.indices where !state.onLoan.contains(index) { unmap(index, &state) }
            if state.onLoan.isEmpty { freeBuffers() }
        }
    }

    private func unmap(_ index: Int, _ state: inout State) {
        if let m = state.mappings[index] { munmap(m.address, m.length) }
        state.mappings[index] = nil
    }

    private func freeBuffers() {
        var req = v4l2_requestbuffers()
        req.count = 0
        req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        req.memory = V4L2_MEMORY_MMAP.rawValue
        _ = attempt(IRIS_VIDIOC_REQBUFS, &req)
    }

    private func control<T>(_ request: UInt, _ arg: inout T, _ operation: String) throws(CaptureError) {
        let code = attempt(request, &arg)
        if code != 0 { throw CaptureError.from(errno: code, path: path, operation: operation) }
    }

    private func attempt<T>(_ request: UInt, _ arg: inout T) -> Int32 {
        let r = withUnsafeMutablePointer(to: &arg) { iris_v4l2_ioctl(fd, request, $0) }
        return r < 0 ? -r : 0
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
