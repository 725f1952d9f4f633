import CLibcamera

/// One hold on libcamera's process-wide CameraManager: the first starts it, the last one released stops it
/// (libcamera allows one manager a process). Listings and open cameras each keep one.
final class LibcameraManagerHold {
    init() throws(LibcameraError) {
        var error = [CChar](repeating: 0, count: 256)
        guard clc_manager_acquire(&error, Int32(error.count)) == CLC_OK else {
            throw .managerFailed(reason: LibcameraText.string(error))
        }
    }

    deinit { clc_manager_release() }
}

/// Reads the shim's fixed-size, NUL-terminated text fields.
enum LibcameraText {
    static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func string<T>(tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
