import CEGL
import Foundation
import IrisCore

/// An open DRM render node and the GBM device on it: the display source on boards with a GPU.
/// Thread-confined to the GL thread, like everything it backs.
final class GBMRenderNode {
    let path: String
    let device: OpaquePointer
    private let fileDescriptor: Int32

    private init(path: String, fileDescriptor: Int32, device: OpaquePointer) {
        self.path = path
        self.fileDescriptor = fileDescriptor
        self.device = device
    }

    /// The render nodes present, in name order (`renderD128` first). Empty when there is no DRM at all.
    static func candidatePaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.filter { $0.hasPrefix("renderD") }.sorted().map { "/dev/dri/" + $0 }
    }

    /// Opens `path` and creates a GBM device on it; nil when either step fails (a node may exist but be dead).
    static func open(path: String) -> GBMRenderNode? {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard let device = gbm_create_device(fd) else {
            Glibc.close(fd)
            return nil
        }
        return GBMRenderNode(path: path, fileDescriptor: fd, device: device)
    }

    func close() {
        gbm_device_destroy(device)
        Glibc.close(fileDescriptor)
    }
}
