#if canImport(Glibc)
    import Glibc
#endif

/// The size of a regular file, nil for anything else (standard input, a pipe, a FIFO, a device): what a
/// reader counts its frames from when the file does not declare them.
///
///     RegularFileSize.of("clip.y4m")   // 4608044
enum RegularFileSize {
    static func of(_ path: String) -> Int? {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
