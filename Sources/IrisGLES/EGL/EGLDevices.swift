import CEGL
import IrisCore

/// The EGL devices the drivers enumerate (EGL_EXT_device_enumeration), for the device platform.
/// Hardware devices come first, software ones (Mesa's llvmpipe device) last.
enum EGLDevices {
    /// An enumerated device and the name it is reported by in errors.
    struct Device {
        let handle: EGLDeviceEXT
        let name: String
        let isSoftware: Bool
    }

    /// The devices in trying order. Throws when EGL cannot enumerate devices at all.
    static func all() throws(RenderError) -> [Device] {
        guard let queryDevicesAddress = eglGetProcAddress("eglQueryDevicesEXT") else {
            throw .deviceUnavailable(renderer: "gles", reason: "EGL has no eglQueryDevicesEXT")
        }
        let queryDevices = unsafeBitCast(queryDevicesAddress, to: PFNEGLQUERYDEVICESEXTPROC.self)
        let queryString = eglGetProcAddress("eglQueryDeviceStringEXT").map {
            unsafeBitCast($0, to: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
        }
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGL_TRUE else { throw eglFailure("eglQueryDevicesEXT") }
        var handles = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard count > 0, queryDevices(count, &handles, &count) == EGL_TRUE else {
            throw count > 0
                ? eglFailure("eglQueryDevicesEXT")
                : .deviceUnavailable(renderer: "gles", reason: "EGL enumerates no devices")
        }
        let devices = handles.prefix(Int(count)).enumerated().compactMap { index, handle -> Device? in
            guard let handle else { return nil }
            let extensions = extensionList(queryString?(handle, EGL_EXTENSIONS))
            let file =
                extensions.contains("EGL_EXT_device_drm")
                ? queryString?(handle, EGL_DRM_DEVICE_FILE_EXT).map { String(cString: $0) } : nil
            return Device(
                handle: handle, name: "EGL device \(index)" + (file.map { " (\($0))" } ?? ""),
                isSoftware: extensions.contains("EGL_MESA_device_software"))
        }
        return devices.filter { !$0.isSoftware } + devices.filter(\.isSoftware)
    }
}
