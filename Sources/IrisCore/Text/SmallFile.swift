import Foundation

/// Reads a small input file whole (a pipeline file, a filter chain, a thresholds file, a `.cube` table) after
/// checking that it is one: a regular file (not a device, FIFO or folder, which could block or never end)
/// of at most `limit` bytes, named by a path without a NUL character (which would cut the path short and
/// open another file). Errors say which of these is wrong, never the file's contents.
///
///     let data = try SmallFile.read("pipeline.json", limit: SmallFile.configurationLimit)
public enum SmallFile {
    /// What a hand-written configuration file may weigh: far above any real one.
    public static let configurationLimit = 4 << 20

    public static func read(_ path: String, limit: Int) throws(SmallFileError) -> Data {
        try checkPath(path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadable(path: path, reason: describe(errno)) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { throw .notRegular(path: path, kind: kindName(kind)) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(path: path, limit: limit) }
        // O_NONBLOCK: a path swapped for a FIFO after the check must not hang the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path: path, reason: describe(errno)) }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
            throw .notRegular(path: path, kind: kindName(opened.st_mode & S_IFMT))
        }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, limit + 1 - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .unreadable(path: path, reason: describe(errno)) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw .tooLarge(path: path, limit: limit) }
        return Data(bytes[0..<count])
    }

    /// Refuses a path holding a NUL character: the C library would stop reading it there.
    public static func checkPath(_ path: String) throws(SmallFileError) {
        if path.utf8.contains(0) { throw .nulInPath(path: path) }
    }

    static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "something else"
        }
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        case ELOOP: return "too many symbolic links"
        case ENAMETOOLONG: return "the path is too long"
        default: return String(cString: strerror(code))
        }
    }
}

/// Why `SmallFile` would not read a file; each case names the path (a NUL shown as `\0`).
public enum SmallFileError: Error, Equatable, CustomStringConvertible {
    case nulInPath(path: String)
    case unreadable(path: String, reason: String)
    case notRegular(path: String, kind: String)
    case tooLarge(path: String, limit: Int)

    public var path: String {
        switch self {
        case let .nulInPath(p), let .unreadable(p, _), let .notRegular(p, _), let .tooLarge(p, _): return p
        }
    }

    /// What is wrong, without the path.
    public var reason: String {
        switch self {
        case .nulInPath: return "the path holds a NUL character; name the file without it"
        case let .unreadable(_, r): return r
        case let .notRegular(_, k): return "is \(k), not a regular file; give a file"
        case let .tooLarge(_, l):
            return "larger than \(l) bytes, the limit for this kind of file; is it the right file?"
        }
    }

    public var description: String { "\(SmallFileError.shown(path)): \(reason)" }

    /// A path with its NUL characters written as `\0` and cut to 200 characters, for messages.
    public static func shown(_ path: String) -> String {
        let visible = path.replacingOccurrences(of: "\0", with: "\\0")
        return visible.count > 200 ? String(visible.prefix(200)) + "…" : visible
    }
}
