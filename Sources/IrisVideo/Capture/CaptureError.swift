#if canImport(Glibc)
    import Glibc
#endif

/// Why a camera could not be opened, configured or read. Every case names the device at fault.
///
///     do { let camera = try Camera(path: "/dev/video0") } catch .busy(let path) { … }
public enum CaptureError: Error, Equatable, CustomStringConvertible {
    /// Nothing at that path, or the driver behind it has gone (ENOENT, ENODEV, ENXIO at open).
    case noSuchDevice(path: String)
    /// Another process is streaming from the device or holds its buffers (EBUSY).
    case busy(path: String)
    /// The path exists but is not a single-planar V4L2 capture device with streaming I/O.
    case notCaptureDevice(path: String, reason: String)
    /// None of the requested pixel formats (or sizes) is offered; `offered` lists the device's FourCCs.
    case unsupportedFormat(path: String, requested: [String], offered: [String])
    /// The device vanished while streaming (ENODEV). The stream has ended and its buffers are released.
    case deviceGone(path: String)
    /// No frame arrived within the timeout.
    case timeout(path: String, seconds: Double)
    /// Opening needs permissions the process does not have (EACCES, EPERM).
    case permissionDenied(path: String)
    /// No control with that name or id; `suggestion` is the closest name the device has.
    case noSuchControl(path: String, control: String, suggestion: String? = nil)
    /// The control exists but rejected the value (out of range, read-only, inactive).
    case invalidControlValue(path: String, control: String, value: Int64, reason: String)
    /// A control given a value of the wrong kind, or a menu label it does not have (`--control`).
    case invalidControlSetting(path: String, control: String, value: String, reason: String)
    /// Any other failing system call: the operation and strerror's text.
    case failed(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case let .noSuchDevice(p): return "\(p): no such video device"
        case let .busy(p): return "\(p): device busy (another process is using it)"
        case let .notCaptureDevice(p, r): return "\(p): not a V4L2 capture device (\(r))"
        case let .unsupportedFormat(p, req, off):
            return
                "\(p): none of the formats \(req.joined(separator: ", ")) is offered (device offers \(off.joined(separator: ", ")))"
        case let .deviceGone(p): return "\(p): device disappeared while streaming"
        case let .timeout(p, s): return "\(p): no frame within \(s) s"
        case let .permissionDenied(p): return "\(p): permission denied"
        case let .noSuchControl(p, c, suggestion):
            return "\(p): no control '\(c)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case let .invalidControlValue(p, c, v, r): return "\(p): control '\(c)' rejects \(v) (\(r))"
        case let .invalidControlSetting(p, c, v, r): return "\(p): control '\(c)' rejects '\(v)' (\(r))"
        case let .failed(p, op, r): return "\(p): \(op) failed: \(r)"
        }
    }

    /// The error for a failed call that returned `code` (a positive errno value).
    static func from(errno code: Int32, path: String, operation: String) -> CaptureError {
        switch code {
        case ENODEV, ENXIO: return .deviceGone(path: path)
        case EBUSY: return .busy(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case ENOTTY: return .notCaptureDevice(path: path, reason: "\(operation) is not supported")
        default: return .failed(path: path, operation: operation, reason: String(cString: strerror(code)))
        }
    }
}
