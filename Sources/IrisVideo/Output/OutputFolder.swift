#if canImport(Glibc)
    import Glibc
#endif

/// A folder that outputs go into (`detect --annotate DIR`, `gallery DIR`), created with its parents when
/// missing; each file inside is then written under the output policy (`OutputFile`).
///
///     try OutputFolder.create("annotated")
public enum OutputFolder {
    /// Creates `path` and any missing parents (mode 0755); an existing folder is fine. A path that exists
    /// and is not a folder, or that cannot be created, is an `OutputError` naming it and why.
    public static func create(_ path: String) throws(OutputError) {
        guard !path.isEmpty else { throw .cannotOpen(path: path, reason: "the folder's path is empty") }
        guard !path.utf8.contains(0) else { throw .cannotOpen(path: path, reason: "the path holds a NUL byte") }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw .cannotOpen(path: path, reason: "\(prefix) exists and is not a folder")
                }
                continue
            }
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw .cannotOpen(path: path, reason: "cannot create the folder \(prefix): \(OutputPaths.errnoText())")
            }
        }
    }
}
