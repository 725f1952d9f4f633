#if canImport(Glibc)
    import Glibc
#endif

/// What an output path is, decided before anything is written, and how it will be written: a regular file
/// (new or existing) is written beside itself and renamed into place; a FIFO or a character device
/// (`/dev/stdout`, a terminal, `/dev/null`) is written in place as a stream and never replaced. Everything
/// else is refused: a directory, a block device, a socket, an executable program, a symbolic link another
/// user planted in a shared folder, a dangling link.
///
///     let destination = try OutputDestination(path: "events.jsonl")   // .file(target: "/abs/events.jsonl")
public enum OutputDestination: Equatable, Sendable {
    /// A regular file (or none yet) at `target`: the path with the caller's own symbolic links followed.
    case file(target: String)
    /// A FIFO or a character device, written where it is.
    case stream

    public init(path: String) throws(OutputError) {
        guard !path.isEmpty else { throw .cannotOpen(path: path, reason: "the path is empty") }
        guard !path.utf8.contains(0) else { throw .cannotOpen(path: path, reason: "the path holds a NUL byte") }
        // Standard streams and /proc's descriptors are whatever the descriptor is: written in place, since
        // renaming over the file a shell redirected into would leave the shell writing the old one.
        if Self.isDescriptorAlias(path) {
            var info = stat()
            guard stat(path, &info) == 0 else { throw .cannotOpen(path: path, reason: OutputPaths.errnoText()) }
            if Self.kind(info.st_mode) == S_IFDIR { throw .isDirectory(path: path) }
            self = .stream
            return
        }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw .cannotOpen(path: path, reason: OutputPaths.errnoText()) }
            let directory = OutputPaths.split(path).directory
            var folder = stat()
            guard stat(directory, &folder) == 0, Self.kind(folder.st_mode) == S_IFDIR else {
                throw .noDirectory(path: path, directory: directory)
            }
            self = .file(target: OutputPaths.resolved(path))
            return
        }
        var info = link
        if Self.kind(link.st_mode) == S_IFLNK {
            try Self.checkLinkOwner(path: path, link: link)
            guard stat(path, &info) == 0 else {
                throw .danglingLink(path: path, target: OutputPaths.linkTarget(path) ?? "a missing file")
            }
        }
        switch Self.kind(info.st_mode) {
        case S_IFDIR: throw .isDirectory(path: path)
        case S_IFBLK: throw .unwritableNode(path: path, kind: "a block device (a disk)")
        case S_IFSOCK: throw .unwritableNode(path: path, kind: "a socket")
        case S_IFIFO, S_IFCHR: self = .stream
        case S_IFREG:
            if info.st_mode & 0o111 != 0 || Self.isRunningProgram(info) { throw .executable(path: path) }
            self = .file(target: OutputPaths.resolved(path))
        default: throw .unwritableNode(path: path, kind: "not a regular file")
        }
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N` and the like.
    static func isDescriptorAlias(_ path: String) -> Bool {
        if ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path) { return true }
        return path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/")
    }

    static func kind(_ mode: mode_t) -> mode_t { mode & S_IFMT }

    /// Linux's `protected_symlinks` rule, applied whatever the system's setting: in a sticky folder that
    /// others may write (/tmp), a link is followed only when its owner is the caller or the folder's owner.
    private static func checkLinkOwner(path: String, link: stat) throws(OutputError) {
        var folder = stat()
        guard stat(OutputPaths.split(path).directory, &folder) == 0 else { return }
        let shared = folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
        if shared, link.st_uid != geteuid(), link.st_uid != folder.st_uid {
            throw .foreignLink(path: path, owner: link.st_uid)
        }
    }

    /// Whether the file is the program running now (its text cannot be rewritten, but a rename would
    /// replace it).
    private static func isRunningProgram(_ info: stat) -> Bool {
        var running = stat()
        guard stat("/proc/self/exe", &running) == 0 else { return false }
        return running.st_dev == info.st_dev && running.st_ino == info.st_ino
    }
}
