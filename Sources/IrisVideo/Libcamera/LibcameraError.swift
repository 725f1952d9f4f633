/// Why a libcamera camera could not be listed, opened, configured or read. Every case names the camera.
///
///     do { _ = try LibcameraCamera(selector: .index(0)) } catch .noCamera(let requested, _) { … }
public enum LibcameraError: Error, Equatable, CustomStringConvertible {
    /// libcamera's CameraManager did not start.
    case managerFailed(reason: String)
    /// No camera matches; `available` lists the ids libcamera has (empty when it has none).
    case noCamera(requested: String, available: [String])
    /// Another process (or this one) has acquired the camera.
    case busy(camera: String)
    /// libcamera lists no camera that matches while another process holds media devices locked: the camera is
    /// in use elsewhere (libcamera cannot even list a camera another process streams from).
    case inUseElsewhere(requested: String, lockedDevices: [String])
    /// None of the pixel formats asked for is offered by the camera's stream (DRM FourCCs).
    case unsupportedFormat(camera: String, requested: [String], offered: [String])
    /// libcamera rejected the configuration, or adjusted it to something Iris cannot read.
    case invalidConfiguration(camera: String, reason: String)
    /// The camera was unplugged (or its driver unbound) while open; the stream has ended.
    case gone(camera: String)
    /// No frame arrived within the wait.
    case timeout(camera: String, seconds: Double)
    /// The camera has no control of that name; `suggestion` is its closest one.
    case noSuchControl(camera: String, control: String, suggestion: String?)
    /// The control exists but the value does not fit it (kind, count, range or enumerator).
    case invalidControlValue(camera: String, control: String, value: String, reason: String)
    /// Any other libcamera call that failed: which, and why.
    case failed(camera: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case let .managerFailed(reason): return "libcamera: \(reason)"
        case let .noCamera(requested, available):
            let has =
                available.isEmpty ? "libcamera found no cameras" : "libcamera has \(available.joined(separator: ", "))"
            return "libcamera:\(requested): no such camera (\(has))"
        case let .busy(camera): return "\(camera): camera busy (acquired by another process)"
        case let .inUseElsewhere(requested, devices):
            return "libcamera:\(requested): camera busy: \(devices.joined(separator: ", ")) "
                + "\(devices.count == 1 ? "is" : "are") locked by another process using a camera"
        case let .unsupportedFormat(camera, requested, offered):
            return "\(camera): none of the formats \(requested.joined(separator: ", ")) is offered (the camera offers "
                + "\(offered.joined(separator: ", ")))"
        case let .invalidConfiguration(camera, reason): return "\(camera): configuration refused: \(reason)"
        case let .gone(camera): return "\(camera): camera disappeared while streaming"
        case let .timeout(camera, seconds):
            return "\(camera): no frame within \(seconds) s (the camera stalled, or was unplugged unnoticed)"
        case let .noSuchControl(camera, control, suggestion):
            return "\(camera): no control '\(control)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case let .invalidControlValue(camera, control, value, reason):
            return "\(camera): control '\(control)' rejects '\(value)' (\(reason))"
        case let .failed(camera, operation, reason): return "\(camera): \(operation) failed: \(reason)"
        }
    }
}
