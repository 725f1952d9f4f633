import Foundation

/// Writes bytes into a pipe or FIFO from a background thread, as `rpicam-vid -o -` would from another
/// process: the reader sees data arrive in pieces and an end only when the writer closes.
enum StreamFeeder {
    /// A FIFO at `path`, fed `bytes` once a reader opens it.
    static func fifo(at path: String, feeding bytes: [UInt8]) throws -> String {
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        ignoreBrokenPipes()
        Thread.detachNewThread {
            // Blocks until the reader opens its end.
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            write(bytes, to: fd)
        }
        return path
    }

    /// A pipe whose read end is returned (close-on-exec, so a subprocess started meanwhile cannot hold the
    /// write end open and keep the reader from seeing the end).
    static func pipe(feeding bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        ignoreBrokenPipes()
        let writeEnd = ends[1]
        Thread.detachNewThread { write(bytes, to: writeEnd) }
        return ends[0]
    }

    /// A reader that stops early (a test that expects an error) must not kill the test process.
    private static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    private static func write(_ bytes: [UInt8], to fd: Int32) {
        defer { close(fd) }
        var done = 0
        // Small pieces, so readers meet short reads mid-header and mid-frame.
        let piece = 1000
        while done < bytes.count {
            let n = bytes[done..<min(done + piece, bytes.count)].withUnsafeBytes {
                Foundation.write(fd, $0.baseAddress, $0.count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            done += n
        }
    }
}
