#if canImport(Glibc)
    import Glibc
#endif

/// One output file of a run, written under Iris's output policy (see `OutputDestination` and
/// `OutputClaim`): a regular file is claimed (locked against a second writer), written beside itself and
/// renamed into place by `commit()`; a FIFO or a character device is written in place as a stream. Claim
/// outputs before the work starts, so a wrong path fails at once and not after a long run.
///
///     let metrics = try OutputFile(path: "m.json"); …; try metrics.write(bytes); try metrics.commit()
///     try OutputFile.write(bytes, to: "out.json")   // whole file at once
public final class OutputFile {
    public let path: String
    public let destination: OutputDestination
    /// The lock and temporary file of a regular output; nil for a stream.
    public let claim: OutputClaim?
    private var descriptor: Int32
    private var finished = false

    /// The stop that ends a wait for a FIFO's reader, or for a reader that stopped reading.
    private let latch: StopLatch

    /// Claims and opens `path`. A FIFO with no reader yet is waited for until `latch` trips.
    public init(path: String, latch: StopLatch = .current) throws(OutputError) {
        self.path = path
        self.latch = latch
        destination = try OutputDestination(path: path)
        switch destination {
        case let .file(target):
            let claim = try OutputClaim(path: path, target: target)
            let descriptor = open(claim.partialPath, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = OutputPaths.errnoText()
                claim.discard()
                throw .cannotOpen(path: path, reason: reason)
            }
            self.claim = claim
            self.descriptor = descriptor
        case .stream:
            claim = nil
            descriptor = try Self.openStream(path, latch: latch)
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes all of `bytes`. A full disk or a vanished reader is an error; a FIFO whose reader stopped
    /// reading is waited for until a stop (with `StopLatch`'s grace for a reader still reading).
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        do { try InterruptibleIO.writeAll(bytes, to: descriptor, latch: latch) } catch {
            switch error {
            case .stopped: throw .stopped(path: path)
            case let .failed(_, code) where code == ENOSPC || code == EDQUOT: throw .diskFull(path: path)
            case let .failed(_, code) where code == EPIPE:
                throw .writeFailed(path: path, reason: "the reader closed the FIFO or pipe")
            case let .failed(_, code): throw .writeFailed(path: path, reason: OutputPaths.errnoText(code))
            }
        }
    }

    /// Finishes the output: a regular file is flushed to disk and renamed into place; a stream is closed.
    /// After a failure the temporary file is removed unless the error says it is kept.
    public func commit() throws(OutputError) {
        guard !finished else { return }
        finished = true
        guard let claim else {
            close(descriptor)
            return
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            claim.discard()
            throw code == ENOSPC || code == EDQUOT
                ? .diskFull(path: path) : .writeFailed(path: path, reason: OutputPaths.errnoText(code))
        }
        guard close(descriptor) == 0 else {
            let code = errno
            claim.discard()
            throw code == ENOSPC || code == EDQUOT
                ? .diskFull(path: path) : .writeFailed(path: path, reason: OutputPaths.errnoText(code))
        }
        try claim.commit()
    }

    /// Gives the output up: the temporary file and the lock are removed; what was there stays.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        claim?.discard()
    }

    /// Claims, writes and commits `bytes` as the whole of `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try OutputFile(path: path)
        do throws(OutputError) {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// A descriptor for a FIFO or a character device. The standard streams and `/dev/fd/N` are the
    /// process's own descriptors, duplicated, so output lands where the shell pointed them; a FIFO is
    /// opened without blocking, and its reader waited for until a stop (`InterruptibleIO`).
    private static func openStream(_ path: String, latch: StopLatch) throws(OutputError) -> Int32 {
        if let number = inheritedDescriptor(path) {
            let copy = fcntl(number, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw .cannotOpen(path: path, reason: OutputPaths.errnoText()) }
            return copy
        }
        var info = stat()
        let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        do {
            return try InterruptibleIO.openForWriting(
                path, flags: O_WRONLY | O_NOCTTY | (isFIFO ? 0 : O_APPEND), latch: latch)
        } catch {
            switch error {
            case .stopped: throw .stopped(path: path)
            case let .failed(_, code): throw .cannotOpen(path: path, reason: OutputPaths.errnoText(code))
            }
        }
    }

    /// 1 for /dev/stdout, /dev/fd/1 and /proc/self/fd/1; nil for any other path.
    private static func inheritedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }
}
