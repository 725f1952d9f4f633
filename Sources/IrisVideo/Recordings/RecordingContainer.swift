#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which reader a file needs, told by its first bytes, never by its name: a ".mp4" that is really Y4M
/// still plays.
enum RecordingContainer: Equatable {
    case y4m
    /// Anything else; libavformat probes it and says whether it is a recording.
    case libav

    static func of(path: String) throws(RecordingError) -> RecordingContainer {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .reading(path, FileFailure.fromErrno("cannot open")) }
        defer { FileDescriptorIO.closeDescriptor(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path: path, reason: "is a directory")
        }
        let magic = Array("YUV4MPEG2".utf8)
        var head = [UInt8](repeating: 0, count: magic.count)
        let count = try head.withUnsafeMutableBytes { raw in
            Result { () throws(FileFailure) in try FileDescriptorIO.readFully(raw, from: fd) }
        }.mapError { RecordingError.reading(path, $0) }.get()
        if count == 0 { throw .notARecording(path: path, reason: "the file is empty") }
        return count == magic.count && head == magic ? .y4m : .libav
    }
}
