#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads and atomic whole-file writes, through POSIX calls so that "not found" and
/// "cannot read" stay distinguishable (Foundation's `contents(atPath:)` folds both into nil).
enum FileBytes {
    static func read(path: String) throws(FileFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileFailure.fromErrno("cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileFailure.fromErrno("cannot stat") }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .failed("is a directory") }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Array's withUnsafe… methods rethrow untyped errors, so the typed error travels in a Result.
            let count = try chunk.withUnsafeMutableBytes { raw in
                Result { () throws(FileFailure) in try FileDescriptorIO.readFully(raw, from: fd) }
            }.get()
            bytes += chunk[0..<count]
            if count < chunk.count { return bytes }
        }
    }

    /// Writes `bytes` as the whole of `path` under the output policy (`OutputFile`): a regular file is
    /// written beside itself and renamed into place, so a reader sees the old file or the whole new one
    /// and a failure never leaves a half-written file; a FIFO or a character device is written in place.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileFailure) {
        do { try OutputFile.write(bytes, to: path) } catch { throw .failed(error.reason) }
    }
}
