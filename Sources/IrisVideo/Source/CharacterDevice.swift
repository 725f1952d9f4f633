#if canImport(Glibc)
    import Glibc
#endif

/// Tells device nodes from files without opening them.
enum CharacterDevice {
    static func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFCHR
    }
}
