import CLibcamera

/// One hold on libcamera's process-wide CameraManager: the first starts it, the last one released stops it
/// (libcamera allows one manager a process). Listings and open cameras each keep one.
final class LibcameraManagerHold {
    init() throws(LibcameraError) {
        var error = [CChar](repeating: 0, count: 256)
        guard clc_manager_acquire(&error, Int32(error.count)) == CLC_OK else {
            throw .managerFailed(reason: CText.string(error))
        }
    }

    deinit { clc_manager_release() }
}
