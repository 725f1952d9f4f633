#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loops that POSIX `read`/`write` need: both may transfer fewer bytes than asked, or be interrupted.
enum FileDescriptorIO {
    static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(FileFailure) {
        // Array's withUnsafeBytes rethrows untyped errors, so the typed error travels in a Result.
        try bytes.withUnsafeBytes { raw in
            Result { () throws(FileFailure) in try writeAll(raw, to: fd) }
        }.get()
    }

    static func writeAll(_ raw: UnsafeRawBufferPointer, to fd: Int32) throws(FileFailure) {
        guard let base = raw.baseAddress else { return }
        var done = 0
        while done < raw.count {
            let n = write(fd, base + done, raw.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw .failed("cannot write: \(String(cString: strerror(errno)))")
            }
            done += n
        }
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes arrived.
    static func readFully(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32) throws(FileFailure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = read(fd, base + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw .failed("cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// One read of at most `buffer.count` bytes (retried on EINTR); 0 at the end of the file.
    static func readSome(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32) throws(FileFailure) -> Int {
        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { throw .failed("cannot read: \(String(cString: strerror(errno)))") }
        }
    }

    /// `close(2)`, under a name that methods called `close()` do not shadow.
    @discardableResult
    static func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
}
