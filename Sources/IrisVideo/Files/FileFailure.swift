#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What went wrong at the file-system level. Internal: each public API maps it into its own typed error
/// (`StillImageError`, `Y4MError`) so that the message names the file in that API's words.
enum FileFailure: Error, Equatable {
    case notFound
    case failed(String)

    /// The failure for the current `errno`; ENOENT/ENOTDIR mean the path is simply not there.
    static func fromErrno(_ action: String) -> FileFailure {
        let code = errno
        if code == ENOENT || code == ENOTDIR { return .notFound }
        return .failed("\(action): \(String(cString: strerror(code)))")
    }
}
