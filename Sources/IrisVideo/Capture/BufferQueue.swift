import CV4L2
#if canImport(Glibc)
    import Glibc
#endif

/// The driver's capture buffers, memory-mapped into this process (V4L2_MEMORY_MMAP), and the
/// queue/dequeue cycle over them. Each buffer can also be exported as a DMABUF for zero-copy import.
final class BufferQueue {
    struct Mapping {
        let address: UnsafeMutableRawPointer
        let length: Int
    }

    /// A buffer the driver has filled; give it back with `requeue`.
    struct Filled {
        let index: Int
        let bytesUsed: Int
        let sequence: Int
        let timestamp: Double
        let isError: Bool
    }

    private let device: VideoDevice
    private(set) var mappings: [Mapping] = []
    private(set) var streaming = false

    /// Asks for `count` buffers (the driver may give more; fewer than 2 is an error) and maps them.
    init(device: VideoDevice, count: Int) throws(CaptureError) {
        self.device = device
        var req = v4l2_requestbuffers()
        req.count = UInt32(count)
        req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        req.memory = V4L2_MEMORY_MMAP.rawValue
        try device.control(IRIS_VIDIOC_REQBUFS, &req, "VIDIOC_REQBUFS")
        guard req.count >= 2 else {
            throw .failed(path: device.path, operation: "VIDIOC_REQBUFS", reason: "driver gave \(req.count) buffers")
        }
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
            release()
            throw error
        }
    }

    deinit { release() }

    var count: Int { mappings.count }

    /// Queues every buffer and starts streaming.
    func start() throws(CaptureError) {
        for index in mappings.indices { try requeue(index) }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try device.control(IRIS_VIDIOC_STREAMON, &type, "VIDIOC_STREAMON")
        streaming = true
    }

    func requeue(_ index: Int) throws(CaptureError) {
        var buf = v4l2_buffer()
        buf.index = UInt32(index)
        buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buf.memory = V4L2_MEMORY_MMAP.rawValue
        try device.control(IRIS_VIDIOC_QBUF, &buf, "VIDIOC_QBUF")
    }

    /// Waits up to `timeout` seconds for a filled buffer. Never blocks longer: the node is non-blocking
    /// and the wait is a `poll`.
    func dequeue(timeout: Double) throws(CaptureError) -> Filled {
        let deadline = Self.now() + timeout
        while true {
            var buf = v4l2_buffer()
            buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            buf.memory = V4L2_MEMORY_MMAP.rawValue
            let code = device.attempt(IRIS_VIDIOC_DQBUF, &buf)
            if code == 0 {
                return Filled(
                    index: Int(buf.index), bytesUsed: Int(buf.bytesused), sequence: Int(buf.sequence),
                    timestamp: iris_v4l2_buffer_seconds(&buf),
                    isError: buf.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
            }
            if code != EAGAIN { throw CaptureError.from(errno: code, path: device.path, operation: "VIDIOC_DQBUF") }
            let left = deadline - Self.now()
            if left <= 0 { throw .timeout(path: device.path, seconds: timeout) }
            var p = pollfd(fd: device.fd, events: Int16(POLLIN | POLLPRI), revents: 0)
            let n = poll(&p, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if n < 0 && errno != EINTR { throw CaptureError.from(errno: errno, path: device.path, operation: "poll") }
            // POLLERR without a buffer: the device is gone or the stream stopped under us.
            if n > 0 && p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && p.revents & Int16(POLLIN) == 0 {
                var again = v4l2_buffer()
                again.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
                again.memory = V4L2_MEMORY_MMAP.rawValue
                let c = device.attempt(IRIS_VIDIOC_DQBUF, &again)
                if c == 0 {
                    return Filled(
                        index: Int(again.index), bytesUsed: Int(again.bytesused), sequence: Int(again.sequence),
                        timestamp: iris_v4l2_buffer_seconds(&again),
                        isError: again.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
                }
                if c == EAGAIN || c == EINVAL || c == EPIPE || c == ENODEV || c == EIO {
                    throw .deviceGone(path: device.path)
                }
                throw CaptureError.from(errno: c, path: device.path, operation: "VIDIOC_DQBUF")
            }
        }
    }

    /// Exports buffer `index` as a DMABUF file descriptor (VIDIOC_EXPBUF); the caller closes it.
    func exportDMABUF(_ index: Int) throws(CaptureError) -> Int32 {
        var e = v4l2_exportbuffer()
        e.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        e.index = UInt32(index)
        e.flags = UInt32(O_RDONLY | O_CLOEXEC)
        try device.control(IRIS_VIDIOC_EXPBUF, &e, "VIDIOC_EXPBUF")
        return e.fd
    }

    /// Stops streaming (if it runs), unmaps and frees the buffers. Safe to call more than once, and
    /// after the device has vanished.
    func release() {
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            _ = device.attempt(IRIS_VIDIOC_STREAMOFF, &type)
            streaming = false
        }
        for m in mappings { munmap(m.address, m.length) }
        if !mappings.isEmpty {
            mappings = []
            var req = v4l2_requestbuffers()
            req.count = 0
            req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            req.memory = V4L2_MEMORY_MMAP.rawValue
            _ = device.attempt(IRIS_VIDIOC_REQBUFS, &req)
        }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
