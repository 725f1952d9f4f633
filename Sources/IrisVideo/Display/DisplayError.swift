#if canImport(Glibc)
    import Glibc
#endif

/// Why a DRM/KMS display could not be opened, set up or driven. Every case names the card at fault.
///
///     do { let display = try Display(card: "/dev/dri/card0") } catch .notMaster(let path) { … }
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    /// No DRM card at all (`/dev/dri/card*` is empty or missing).
    case noCard
    /// Nothing at that path (ENOENT, ENODEV, ENXIO at open).
    case noSuchCard(path: String)
    /// The path opens but is not a DRM device with modesetting (a render node, a plain file).
    case notKMSDevice(path: String, reason: String)
    /// Opening needs permissions the process does not have (EACCES, EPERM).
    case permissionDenied(path: String)
    /// Another client (a compositor, another Iris) is DRM master: it holds the display.
    case notMaster(path: String)
    /// No connector has a display attached; `connectors` lists them with their states.
    case noConnectedConnector(path: String, connectors: [String])
    /// The connector asked for does not exist (or is not connected).
    case noSuchConnector(path: String, connector: String, available: [String])
    /// The connector does not offer the mode asked for; `offered` lists the modes it does offer.
    case modeNotOffered(path: String, connector: String, requested: String, offered: [String])
    /// No CRTC can drive the connector.
    case noCRTC(path: String, connector: String)
    /// A frame or buffer the display cannot show (size, format).
    case unsupportedBuffer(path: String, reason: String)
    /// A page flip or writeback did not complete in time.
    case timeout(path: String, operation: String, seconds: Double)
    /// Any other failing call: the operation and strerror's text.
    case failed(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .noCard: return "no DRM card (/dev/dri/card* is empty): is a KMS driver loaded?"
        case let .noSuchCard(p): return "\(p): no such DRM card"
        case let .notKMSDevice(p, r): return "\(p): not a KMS display device (\(r))"
        case let .permissionDenied(p): return "\(p): permission denied (add the user to the 'video' group)"
        case let .notMaster(p): return "\(p): not DRM master: another client (a compositor?) holds the display"
        case let .noConnectedConnector(p, c):
            return "\(p): no connected connector (\(c.isEmpty ? "none" : c.joined(separator: ", ")))"
        case let .noSuchConnector(p, c, a):
            return "\(p): no connected connector '\(c)' (connectors: \(a.joined(separator: ", ")))"
        case let .modeNotOffered(p, c, r, o):
            return
                "\(p): \(c) does not offer mode \(r) (offers \(o.prefix(12).joined(separator: ", "))\(o.count > 12 ? ", …" : ""))"
        case let .noCRTC(p, c): return "\(p): no CRTC can drive \(c)"
        case let .unsupportedBuffer(p, r): return "\(p): cannot show the buffer: \(r)"
        case let .timeout(p, op, s): return "\(p): \(op) did not complete within \(s) s"
        case let .failed(p, op, r): return "\(p): \(op) failed: \(r)"
        }
    }

    /// The error for a failed call that returned or set `code` (a positive errno value).
    static func from(errno code: Int32, path: String, operation: String) -> DisplayError {
        switch code {
        case ENOENT, ENODEV, ENXIO: return .noSuchCard(path: path)
        case EACCES, EPERM:
            return operation.contains("master") || operation.contains("SetCrtc") || operation.contains("PageFlip")
                ? .notMaster(path: path) : .permissionDenied(path: path)
        default: return .failed(path: path, operation: operation, reason: String(cString: strerror(code)))
        }
    }
}
