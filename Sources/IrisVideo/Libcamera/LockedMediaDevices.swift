#if canImport(Glibc)
    import Glibc
#endif

/// The media-controller nodes (`/dev/media*`) another process holds locked. libcamera locks a camera's media
/// devices while it has the camera, and a second process's libcamera then cannot set the camera up at all, so it
/// lists no camera: these locks are how Iris tells "in use elsewhere" from "not there".
///
///     LockedMediaDevices.paths()   // ["/dev/media1"] while rpicam-vid has the camera
public enum LockedMediaDevices {
    public static func paths(in directory: String = "/dev") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = CText.string(entry.pointee.d_name)
            if name.hasPrefix("media"), Int(name.dropFirst(5)) != nil { names.append(name) }
        }
        return names.sorted().map { "\(directory)/\($0)" }.filter(isLockedElsewhere)
    }

    /// lockf(F_TEST) fails with EACCES or EAGAIN when another process holds the lock.
    private static func isLockedElsewhere(_ path: String) -> Bool {
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return lockf(fd, F_TEST, 0) != 0 && (errno == EACCES || errno == EAGAIN)
    }
}
