#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens, reads and writes that a stop can end: every wait is a `poll(2)` on the descriptor together
/// with a `StopLatch`'s wake-up descriptor, so a FIFO with no writer, a stalled producer on standard
/// input or an output FIFO nobody reads never holds a run past its stop.
///
/// - Reads and FIFO opens end with `.stopped` at the first trip.
/// - Writes that are blocked (a full FIFO) wait up to `StopLatch.writeGrace` after the first trip, so a
///   reader that is still reading gets the end of the file; a second trip ends them at once. A write
///   that does not block (a regular file) is never refused.
///
/// Descriptors these functions open are close-on-exec; a FIFO's (and a socket's) stays non-blocking, every
/// other kind is put back in blocking mode. Nothing here installs signal handlers.
///
///     let fd = try InterruptibleIO.openForWriting("events.fifo")      // waits for a reader, or .stopped
///     defer { close(fd) }
///     try InterruptibleIO.writeAll(Array(line.utf8), to: fd)          // waits for room, or .stopped
public enum InterruptibleIO {
    /// Why an interruptible call gave up.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The latch tripped while waiting; `reason` is the latch's ("SIGINT", "frame limit").
        case stopped(reason: String)
        /// A system call failed with `errno` while doing `action` ("cannot open", "cannot write").
        case failed(action: String, errno: Int32)

        public var description: String {
            switch self {
            case let .stopped(reason): return "stopped (\(reason)) while waiting"
            case let .failed(action, code): return "\(action): \(String(cString: strerror(code)))"
            }
        }

        /// Why nothing was written, for a FIFO whose open for writing a stop ended before a reader came.
        public static func noReaderBeforeStop(_ reason: String) -> String {
            "no process opened the FIFO for reading before the stop (\(reason)); nothing was written"
        }

        /// The errno of a failure, nil for a stop.
        public var errno: Int32? {
            if case let .failed(_, code) = self { return code }
            return nil
        }
    }

    /// How often a FIFO with no reader is tried again, and a latch without a wake-up pipe looked at.
    static let retryMilliseconds: Int32 = 20
    /// POSIX's PIPE_BUF on Linux: a write of at most this many bytes to a pipe that polled writable never blocks.
    static let atomicPipeWrite = 4096

    // MARK: Opening

    /// Opens `path` for reading without waiting: a FIFO with no writer yet opens at once (its first read
    /// waits, interruptibly, for a writer's bytes).
    public static func openForReading(_ path: String) throws(Failure) -> Int32 {
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if fd >= 0 {
                keepNonBlockingOnlyForStreams(fd)
                return fd
            }
            if errno == EINTR { continue }
            throw .failed(action: "cannot open", errno: errno)
        }
    }

    /// Opens `path` for writing with `flags` (plus `O_NONBLOCK` and `O_CLOEXEC`). A FIFO that no process
    /// reads yet is tried again every 20 ms until one does, or `.stopped` at the latch's first trip;
    /// regular files and devices open at once. `mode` applies when `flags` holds `O_CREAT`.
    public static func openForWriting(
        _ path: String, flags: Int32 = O_WRONLY | O_CREAT | O_TRUNC, mode: mode_t = 0o644,
        latch: StopLatch = .current
    ) throws(Failure) -> Int32 {
        while true {
            let fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, mode)
            if fd >= 0 {
                keepNonBlockingOnlyForStreams(fd)
                return fd
            }
            let code = errno
            if code == EINTR { continue }
            guard code == ENXIO else { throw .failed(action: "cannot open", errno: code) }
            // ENXIO: a FIFO with no reader. Wait a little, or for the stop.
            if let reason = latch.reason { throw .stopped(reason: reason) }
            _ = pollWake(latch, milliseconds: retryMilliseconds)
        }
    }

    // MARK: Waiting

    /// Returns when `fd` has bytes (or its end) to read; `.stopped` once the latch has tripped.
    public static func waitReadable(_ fd: Int32, latch: StopLatch = .current) throws(Failure) {
        while true {
            if let reason = latch.reason { throw .stopped(reason: reason) }
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: latch.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            ]
            let n = poll(&fds, latch.wakeDescriptor >= 0 ? 2 : 1, latch.wakeDescriptor >= 0 ? -1 : retryMilliseconds)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .failed(action: "cannot wait for data", errno: errno)
            }
            if fds[1].revents != 0 { continue }  // tripped: said at the top
            if fds[0].revents != 0 { return }  // data, the end (POLLHUP) or an error the read reports
        }
    }

    /// Returns when `fd` takes bytes without blocking. Once the latch has tripped, waits at most what
    /// is left of `StopLatch.writeGrace` (nothing after a second trip), then `.stopped`.
    public static func waitWritable(_ fd: Int32, latch: StopLatch = .current) throws(Failure) {
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: latch.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            ]
            let count: nfds_t
            let timeout: Int32
            if let left = latch.writeTimeLeft() {
                // The wake-up descriptor stays readable once tripped: look at the clock and the trips instead.
                count = 1
                let milliseconds = Int32(
                    clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
                timeout = min(milliseconds, retryMilliseconds)
            } else {
                count = latch.wakeDescriptor >= 0 ? 2 : 1
                timeout = latch.wakeDescriptor >= 0 ? -1 : retryMilliseconds
            }
            let n = poll(&fds, count, timeout)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .failed(action: "cannot wait to write", errno: errno)
            }
            if fds[0].revents != 0 { return }  // room, or an error (EPIPE) the write reports
            if timeout == 0, let reason = latch.reason { throw .stopped(reason: reason) }
        }
    }

    // MARK: Reading and writing

    /// One read of at most `buffer.count` bytes after `waitReadable`; 0 at the end of the file.
    public static func readSome(
        _ buffer: UnsafeMutableRawBufferPointer, from fd: Int32,
        latch: StopLatch = .current
    ) throws(Failure) -> Int {
        while true {
            try waitReadable(fd, latch: latch)
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            let code = errno
            if code != EINTR && code != EAGAIN { throw .failed(action: "cannot read", errno: code) }
        }
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes arrived.
    public static func readFully(
        _ buffer: UnsafeMutableRawBufferPointer, from fd: Int32,
        latch: StopLatch = .current
    ) throws(Failure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = try readSome(
                UnsafeMutableRawBufferPointer(start: base + done, count: buffer.count - done), from: fd, latch: latch)
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Writes every byte, waiting (`waitWritable`) whenever `fd` is full. A blocking pipe or socket
    /// descriptor (one this type did not open, such as an inherited standard output) is written at most
    /// `PIPE_BUF` bytes after each wait, which never blocks.
    public static func writeAll(_ raw: UnsafeRawBufferPointer, to fd: Int32, latch: StopLatch = .current)
        throws(Failure)
    {
        guard let base = raw.baseAddress, raw.count > 0 else { return }
        let blockingStream = isStream(fd) && fcntl(fd, F_GETFL) & O_NONBLOCK == 0
        var done = 0
        while done < raw.count {
            if blockingStream { try waitWritable(fd, latch: latch) }
            let size = blockingStream ? min(raw.count - done, atomicPipeWrite) : raw.count - done
            let n = write(fd, base + done, size)
            if n >= 0 {
                done += n
                continue
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { throw .failed(action: "cannot write", errno: code) }
            try waitWritable(fd, latch: latch)
        }
    }

    public static func writeAll(_ bytes: [UInt8], to fd: Int32, latch: StopLatch = .current) throws(Failure) {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(Failure) in try writeAll(raw, to: fd, latch: latch) }
        }.get()
    }

    // MARK: Helpers

    /// Whether `fd` is a FIFO, a pipe or a socket: the kinds whose reads and writes can wait for ever.
    public static func isStream(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Whether reads of `fd` may wait: anything but a regular file or a block device.
    static func mayWait(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return true }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFBLK
    }

    /// A FIFO or socket keeps O_NONBLOCK (waits are polls); files and devices go back to blocking mode.
    private static func keepNonBlockingOnlyForStreams(_ fd: Int32) {
        guard !isStream(fd) else { return }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Sleeps up to `milliseconds`, waking early when the latch trips.
    private static func pollWake(_ latch: StopLatch, milliseconds: Int32) -> Bool {
        var fd = pollfd(fd: latch.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fd, latch.wakeDescriptor >= 0 ? 1 : 0, milliseconds) > 0
    }
}
