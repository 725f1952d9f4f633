#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A recording's claim on its output path, held from before the first frame until the file is in place.
///
/// Frames go to a temporary file beside the output, `.NAME.partial-PID.EXT` (the extension is kept, so a
/// file left by a killed run still opens in any player), which is renamed over the output when the
/// recording finishes — normally, on SIGINT/SIGTERM/SIGHUP, or after a full disk with what was kept. An
/// existing file at the path is untouched until then. An exclusive `flock` on `.NAME.EXT.lock` (holding the
/// writer's PID) makes a second writer to the same path fail with `outputBusy` instead of both
/// corrupting one file; the lock file is removed when the recording ends (one killed with SIGKILL leaves
/// it behind, unlocked and harmless). An output that exists and is not a regular file (a FIFO, /dev/full)
/// is written in place, unlocked.
///
///     let reservation = try RecorderReservation(path: "out.mp4")   // before the camera opens
///     let recorder = try Recorder(reservation: reservation, width: 640, height: 480)
public final class RecorderReservation: Sendable {
    /// The output as the caller named it; errors name it.
    public let path: String
    /// Where the file ends up: `path` with a symbolic link to a regular file followed, so the link survives.
    public let target: String
    /// The file frames are written to: the temporary file, or `target` when it is written in place.
    public let writingPath: String
    /// Temporary files of earlier runs to this path that were killed before finishing. Each plays up to
    /// about a second before the kill; none is removed or overwritten.
    public let leftovers: [String]
    private let lockPath: String?
    private let lock: Mutex<Int32>

    /// Whether frames go to a temporary file that is renamed into place at the end.
    public var isStaged: Bool { writingPath != target }

    public init(path: String) throws(RecorderError) {
        self.path = path
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw .writeFailed(path: path, reason: "it is a directory")
        }
        guard !exists || (info.st_mode & S_IFMT) == S_IFREG else {
            // A FIFO or a device cannot be renamed over; it is written as it is.
            target = path; writingPath = path; leftovers = []; lockPath = nil; lock = Mutex(-1)
            return
        }
        target = Self.resolved(path)
        let (directory, name) = Self.split(target)
        let (stem, ext) = Self.stemAndExtension(name)
        let lockPath = directory + "/." + name + ".lock"
        let descriptor = try Self.acquireLock(at: lockPath, path: path, partialPrefix: directory + "/." + stem + ".partial-", ext: ext)
        self.lockPath = lockPath
        lock = Mutex(descriptor)
        leftovers = Self.partialFiles(in: directory, stem: stem, ext: ext).map { directory + "/" + $0 }
        var candidate = directory + "/." + stem + ".partial-\(getpid())" + ext
        var attempt = 1
        // The same PID as a killed run's leftover: keep that file, take another name.
        while access(candidate, F_OK) == 0 {
            attempt += 1
            candidate = directory + "/." + stem + ".partial-\(getpid())-\(attempt)" + ext
        }
        writingPath = candidate
    }

    deinit { release() }

    /// Moves the finished file into place (replacing what was there) and gives the path up. `Recorder` calls it.
    public func commit() throws(RecorderError) {
        defer { release() }
        guard isStaged else { return }
        guard rename(writingPath, target) == 0 else {
            throw .writeFailed(path: path, reason: "cannot move \(writingPath) into place: \(String(cString: strerror(errno)))")
        }
        // The rename is only durable once the directory is written too.
        let directory = open(Self.split(target).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 { _ = fsync(directory); close(directory) }
    }

    /// Removes what was written (a recording that never got a frame) and gives the path up.
    public func discard() {
        if isStaged { unlink(writingPath) }
        release()
    }

    /// Unlocks and removes the lock file; later calls do nothing. Unlinking before unlocking makes a
    /// writer that opened the old lock file notice it is gone and take a new one (see `acquireLock`).
    public func release() {
        lock.withLock { descriptor in
            guard descriptor >= 0 else { return }
            if let lockPath { unlink(lockPath) }
            close(descriptor)
            descriptor = -1
        }
    }

    private static func acquireLock(at lockPath: String, path: String, partialPrefix: String, ext: String) throws(RecorderError) -> Int32 {
        for _ in 0..<8 {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .writeFailed(path: path, reason: "cannot create the lock file \(lockPath): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let holder = readHolder(descriptor)
                close(descriptor)
                let partial = holder.map { " into \(partialPrefix)\($0)\(ext)" } ?? ""
                throw .outputBusy(path: path, holder: (holder.map { "process \($0)" } ?? "another process") + partial)
            }
            // The lock file may have been removed by its last holder between our open and flock.
            var held = stat(), named = stat()
            guard fstat(descriptor, &held) == 0, stat(lockPath, &named) == 0,
                  held.st_dev == named.st_dev, held.st_ino == named.st_ino else {
                close(descriptor); continue
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return descriptor
        }
        throw .outputBusy(path: path, holder: "other processes keep taking \(lockPath)")
    }

    private static func readHolder(_ descriptor: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self).trimmingCharacters()
        return Int32(text) != nil ? text : nil
    }

    /// `.STEM.partial-PID[-N].EXT` files in `directory`.
    private static func partialFiles(in directory: String, stem: String, ext: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        let prefix = "." + stem + ".partial-"
        var found: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), name.hasSuffix(ext) else { continue }
            let middle = name.dropFirst(prefix.count).dropLast(ext.count)
            if !middle.isEmpty, middle.allSatisfy({ $0.isNumber || $0 == "-" }) { found.append(name) }
        }
        return found.sorted()
    }

    /// `path` with symbolic links followed (the file's, or its directory's when the file is new).
    private static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) { defer { free(real) }; return String(cString: real) }
        let (directory, name) = split(path)
        if let real = realpath(directory, nil) { defer { free(real) }; return String(cString: real) + "/" + name }
        return path
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// "out.mp4" → ("out", ".mp4"); a name without a dot has no extension.
    static func stemAndExtension(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}

private extension String {
    func trimmingCharacters() -> String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
