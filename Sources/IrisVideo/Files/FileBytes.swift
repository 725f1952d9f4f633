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

    /// Writes to a temporary file beside `path`, then renames it over `path`: a reader sees the old
    /// file or the whole new one, and a failure never leaves a half-written file behind.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileFailure) {
        let (directory, name) = split(path)
        guard !name.isEmpty else { throw .failed("the path names a directory, not a file") }
        let temporary = (directory == "/" ? "/" : directory + "/")
            + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).iris-tmp"

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .failed("directory \(directory) does not exist") }
            throw FileFailure.fromErrno("cannot create a file in \(directory)")
        }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(fd) }
            if !renamed { unlink(temporary) }
        }
        try FileDescriptorIO.writeAll(bytes, to: fd)
        guard fsync(fd) == 0 else { throw FileFailure.fromErrno("cannot flush") }
        closed = true
        guard close(fd) == 0 else { throw FileFailure.fromErrno("cannot close") }
        guard rename(temporary, path) == 0 else { throw FileFailure.fromErrno("cannot rename into place") }
        renamed = true
    }

    /// ("dir", "name") for "dir/name"; "." when the path has no directory part.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
