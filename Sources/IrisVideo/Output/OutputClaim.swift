#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// A run's claim on a regular output file, from before the first byte until the file is in place.
///
/// Bytes go to a temporary file beside the output, `.NAME.partial-PID.EXT` (the extension is kept, so a
/// file left by a killed run still opens), created exclusively and never through a link; `commit()` renames
/// it over the output and syncs the folder, so a reader sees the old file or the whole new one. An
/// exclusive `flock` on `.NAME.EXT.lock`, opened without following links and holding the writer's PID,
/// makes a second writer fail with `busy`; the lock file goes when the claim ends (a SIGKILL leaves it,
/// unlocked and harmless). An existing file that cannot be renamed over (immutable, another user's file in
/// a sticky folder) is refused up front; if the rename still fails, the temporary file is kept and named.
///
///     let claim = try OutputClaim(path: "m.json", target: "/abs/m.json"); …; try claim.commit()
public final class OutputClaim: Sendable {
    /// The output as the caller named it; errors name it.
    public let path: String
    /// Where the file ends up.
    public let target: String
    /// The temporary file the bytes go to.
    public let partialPath: String
    /// Temporary files of earlier runs to this path that were killed before finishing; none is touched.
    public let leftovers: [String]
    private let lockPath: String
    private let lock: Mutex<Int32>

    public init(path: String, target: String) throws(OutputError) {
        self.path = path
        self.target = target
        let (directory, name) = OutputPaths.split(target)
        let (stem, ext) = OutputPaths.stemAndExtension(name)
        try Self.checkReplaceable(path: path, target: target, directory: directory)
        lockPath = directory + "/." + name + ".lock"
        let partialPrefix = directory + "/." + stem + ".partial-"
        let descriptor = try Self.acquireLock(at: lockPath, path: path, partialPrefix: partialPrefix, ext: ext)
        lock = Mutex(descriptor)
        leftovers = Self.partialFiles(in: directory, stem: stem, ext: ext).map { directory + "/" + $0 }
        do throws(OutputError) {
            partialPath = try Self.createPartial(prefix: partialPrefix, ext: ext, path: path)
        } catch {
            unlink(lockPath)
            close(descriptor)
            throw error
        }
    }

    deinit { release() }

    /// Moves the finished file into place (replacing what was there) and gives the path up. When the
    /// rename fails the temporary file stays, and the error names it.
    public func commit() throws(OutputError) {
        defer { release() }
        guard rename(partialPath, target) == 0 else {
            throw .notMovedIntoPlace(path: path, partial: partialPath, reason: OutputPaths.errnoText())
        }
        // The rename is only durable once the folder is written too.
        let folder = open(OutputPaths.split(target).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// Removes the temporary file (nothing worth keeping was written) and gives the path up.
    public func discard() {
        unlink(partialPath)
        release()
    }

    /// Unlocks and removes the lock file; later calls do nothing. Unlinking before unlocking makes a
    /// writer that opened the old lock file notice it is gone and take a new one (see `acquireLock`).
    public func release() {
        lock.withLock { descriptor in
            guard descriptor >= 0 else { return }
            unlink(lockPath)
            close(descriptor)
            descriptor = -1
        }
    }

    /// A rename over an immutable or append-only file fails, and so does one over another user's file in
    /// a sticky folder (unless the caller owns the folder or is root): say so before anything is written.
    private static func checkReplaceable(path: String, target: String, directory: String) throws(OutputError) {
        var existing = stat()
        guard lstat(target, &existing) == 0 else { return }
        let descriptor = open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var flags: Int32 = 0
            // FS_IOC_GETFLAGS; FS_IMMUTABLE_FL 0x10, FS_APPEND_FL 0x20.
            if ioctl(descriptor, 0x8008_6601, &flags) == 0, flags & 0x30 != 0 {
                throw .cannotReplace(
                    path: path,
                    reason: flags & 0x10 != 0 ? "it is immutable (chattr +i)" : "it is append-only (chattr +a)")
            }
        }
        var folder = stat()
        guard stat(directory, &folder) == 0 else { return }
        let euid = geteuid()
        if folder.st_mode & S_ISVTX != 0, euid != 0, existing.st_uid != euid, folder.st_uid != euid {
            throw .cannotReplace(
                path: path, reason: "it belongs to another user (uid \(existing.st_uid)) in a sticky folder")
        }
    }

    private static func acquireLock(at lockPath: String, path: String, partialPrefix: String, ext: String)
        throws(OutputError) -> Int32
    {
        for _ in 0..<8 {
            // O_NOFOLLOW: a link planted at the lock's name must not aim the PID write at another file.
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == ELOOP { throw .lockNotAFile(path: path, lock: lockPath) }
                throw .cannotOpen(
                    path: path, reason: "cannot create the lock file \(lockPath): \(OutputPaths.errnoText())")
            }
            var held = stat()
            guard fstat(descriptor, &held) == 0, held.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw .lockNotAFile(path: path, lock: lockPath)
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let holder = readHolder(descriptor)
                close(descriptor)
                let partial = holder.map { " into \(partialPrefix)\($0)\(ext)" } ?? ""
                throw .busy(path: path, holder: (holder.map { "process \($0)" } ?? "another process") + partial)
            }
            // The lock file may have been removed by its last holder between our open and flock.
            var named = stat()
            guard lstat(lockPath, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino else {
                close(descriptor)
                continue
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return descriptor
        }
        throw .busy(path: path, holder: "other processes keep taking \(lockPath)")
    }

    /// Creates `.STEM.partial-PID[-N].EXT` exclusively, never through a link; a name a killed run left
    /// (or anybody planted) is skipped, not reused.
    private static func createPartial(prefix: String, ext: String, path: String) throws(OutputError) -> String {
        for attempt in 1...64 {
            let candidate = prefix + "\(getpid())" + (attempt == 1 ? "" : "-\(attempt)") + ext
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                close(descriptor)
                return candidate
            }
            guard errno == EEXIST else {
                throw .cannotOpen(path: path, reason: "cannot create \(candidate): \(OutputPaths.errnoText())")
            }
        }
        throw .cannotOpen(path: path, reason: "64 temporary names \(prefix)\(getpid())…\(ext) are taken")
    }

    private static func readHolder(_ descriptor: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = bytes.prefix(count).prefix { $0 >= 0x30 && $0 <= 0x39 }
        return digits.isEmpty ? nil : String(decoding: digits, as: UTF8.self)
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
}
