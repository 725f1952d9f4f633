#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The paths readers accept: a file, a FIFO, a device, or "-" for standard input, the Unix convention
/// that lets `rpicam-vid -o - | iris …` work.
enum InputPath {
    static let standardInput = "-"

    /// What errors call the source: "standard input" for "-" (a bare "-" in a message reads as a typo).
    static func name(of path: String) -> String { path == standardInput ? "standard input" : path }

    /// A descriptor the caller owns. Standard input is duplicated, so closing the reader leaves fd 0
    /// open for whoever else holds it. A FIFO opens at once even with no writer yet (non-blocking, see
    /// `InterruptibleIO.openForReading`); its reads wait for the writer, and a stop ends that wait.
    static func openDescriptor(_ path: String) throws(FileFailure) -> Int32 {
        if path == standardInput {
            let fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
            guard fd >= 0 else { throw FileFailure.fromErrno("cannot open") }
            return fd
        }
        do { return try InterruptibleIO.openForReading(path) } catch {
            if case let .failed(_, code) = error { errno = code }
            throw FileFailure.fromErrno("cannot open")
        }
    }
}
