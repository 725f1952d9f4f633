import CDRM
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An open DRM card (`/dev/dri/cardN`): a thin owner of the file descriptor (libcamera style). Opening for
/// display makes sure this client is DRM master, the one client allowed to set modes and flip pages.
///
///     let card = try DisplayCard(path: "/dev/dri/card0")
///     print(card.driver, try card.resources().connectors)
public final class DisplayCard {
    public let path: String
    /// The kernel driver's name ("vkms", "vc4", "i915").
    public let driver: String
    let fd: Int32

    /// The cards present, in number order (`card0` first). Empty when there is no DRM at all.
    public static func cardPaths(directory: String = "/dev/dri") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("card") }
            .sorted { (Int($0.dropFirst(4)) ?? .max, $0) < (Int($1.dropFirst(4)) ?? .max, $1) }
            .map { directory + "/" + $0 }
    }

    /// Opens `path` (nil: the first card with a connected connector is the caller's business; this opens
    /// the first card). With `requireMaster`, throws `.notMaster` when another client holds the display.
    public init(path: String? = nil, requireMaster: Bool = true) throws(DisplayError) {
        guard let path = path ?? DisplayCard.cardPaths().first else { throw .noCard }
        self.path = path
        let fd = open(path, O_RDWR | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR, ENODEV, ENXIO: throw .noSuchCard(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case EISDIR: throw .notKMSDevice(path: path, reason: "a directory")
            default: throw .failed(path: path, operation: "open", reason: String(cString: strerror(code)))
            }
        }
        guard let version = drmGetVersion(fd) else {
            close(fd)
            throw .notKMSDevice(path: path, reason: "not a DRM device")
        }
        driver = version.pointee.name.map { String(cString: $0) } ?? "?"
        drmFreeVersion(version)
        var dumb: UInt64 = 0
        guard drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) == 0, let resources = drmModeGetResources(fd) else {
            close(fd)
            throw .notKMSDevice(path: path, reason: "no modesetting resources (a render node?)")
        }
        drmModeFreeResources(resources)
        // Primary and cursor planes are listed only to clients that ask for them.
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        if requireMaster && drmIsMaster(fd) == 0 && drmSetMaster(fd) != 0 {
            close(fd)
            throw .notMaster(path: path)
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Whether this client is DRM master now.
    public var isMaster: Bool { drmIsMaster(fd) != 0 }

    func error(_ operation: String, code: Int32 = errno) -> DisplayError {
        .from(errno: code, path: path, operation: operation)
    }
}
