#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as the kernel knows it: device and inode, after following symbolic links. Two paths with the
/// same identity are one file, whatever their spelling (`./x`, a symlink, a hard link), so an output can
/// be refused before it overwrites an input.
///
///     FileIdentity(path: "out.y4m") == FileIdentity(path: "in.y4m")   // true for a hard link
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64

    /// nil when nothing exists at `path` (or it cannot be looked at).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Whether `a` and `b` name the same existing file.
    public static func same(_ a: String, _ b: String) -> Bool {
        guard let first = FileIdentity(path: a), let second = FileIdentity(path: b) else { return false }
        return first == second
    }
}
