#if canImport(Glibc)
    import Glibc
#endif

/// Path arithmetic the output code shares: folder and name, the names of the lock and temporary files,
/// links followed.
enum OutputPaths {
    /// ("dir", "name") for "dir/name"; "." when the path has no folder part.
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

    /// `path` with symbolic links followed (the file's, or its folder's when the file is new).
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let (directory, name) = split(path)
        if let real = realpath(directory, nil) {
            defer { free(real) }
            return String(cString: real) + "/" + name
        }
        return path
    }

    static func linkTarget(_ path: String) -> String? {
        var bytes = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &bytes, bytes.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: bytes.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
