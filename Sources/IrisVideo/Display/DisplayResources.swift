import CDRM
import IrisCore

/// A connector (a display output: HDMI-A-1, DSI-1, Virtual-1) and what it offers.
public struct DisplayConnector: Sendable, Equatable, CustomStringConvertible {
    public let id: UInt32
    /// The kernel's name: type and index ("HDMI-A-1").
    public let name: String
    public let connected: Bool
    public let isWriteback: Bool
    public let modes: [DisplayMode]
    /// Physical size in millimetres (0 when unknown).
    public let widthMM: Int
    public let heightMM: Int
    /// The encoder driving it now (0: none) and the CRTCs its encoders can use (bit i: CRTC index i).
    public let currentEncoder: UInt32
    public let possibleCRTCs: UInt32

    public init(
        id: UInt32, name: String, connected: Bool, isWriteback: Bool = false, modes: [DisplayMode],
        widthMM: Int = 0, heightMM: Int = 0, currentEncoder: UInt32 = 0, possibleCRTCs: UInt32 = 1
    ) {
        self.id = id
        self.name = name
        self.connected = connected
        self.isWriteback = isWriteback
        self.modes = modes
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.currentEncoder = currentEncoder
        self.possibleCRTCs = possibleCRTCs
    }

    public var description: String {
        "\(name) (connector \(id)): \(connected ? "connected" : "disconnected"), \(modes.count) modes"
            + (widthMM > 0 ? ", \(widthMM)×\(heightMM) mm" : "")
    }
}

/// A scanout engine: drives one mode on one or more connectors from a framebuffer.
public struct DisplayCRTC: Sendable, Equatable {
    public let id: UInt32
    public let index: Int
    /// The framebuffer shown now (0: the CRTC is off) and the mode it runs.
    public let framebuffer: UInt32
    public let mode: DisplayMode?
}

/// A plane: a layer the CRTC composes (primary, overlay, cursor) with the formats it scans out.
public struct DisplayPlane: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable { case overlay, primary, cursor, unknown }
    public let id: UInt32
    public let kind: Kind
    /// DRM FourCCs ("XR24", "AR24", "RG16").
    public let formats: [String]
    public let possibleCRTCs: UInt32
    public let currentCRTC: UInt32
    public let currentFramebuffer: UInt32

    public var description: String {
        "plane \(id) \(kind.rawValue): \(formats.joined(separator: " "))"
            + (currentCRTC != 0 ? " (on CRTC \(currentCRTC), fb \(currentFramebuffer))" : "")
    }
}

/// Everything a card offers for display, read in one go (`iris devices` prints it).
public struct DisplayResources: Sendable, Equatable {
    public let connectors: [DisplayConnector]
    public let crtcs: [DisplayCRTC]
    public let planes: [DisplayPlane]
    public let minWidth: Int, maxWidth: Int, minHeight: Int, maxHeight: Int
}

extension DisplayCard {
    /// Reads connectors (with their modes), CRTCs and planes. Writeback connectors appear only after
    /// `enableWritebackConnectors()`.
    public func resources() throws(DisplayError) -> DisplayResources {
        guard let res = drmModeGetResources(fd) else { throw error("drmModeGetResources") }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let crtcIDs = (0..<Int(r.count_crtcs)).map { r.crtcs[$0] }
        var encoderCRTCs: [UInt32: UInt32] = [:]
        for i in 0..<Int(r.count_encoders) {
            if let e = drmModeGetEncoder(fd, r.encoders[i]) {
                encoderCRTCs[e.pointee.encoder_id] = e.pointee.possible_crtcs
                drmModeFreeEncoder(e)
            }
        }
        var connectors: [DisplayConnector] = []
        for i in 0..<Int(r.count_connectors) {
            guard let c = drmModeGetConnector(fd, r.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let cp = c.pointee
            let typeName =
                drmModeGetConnectorTypeName(cp.connector_type).map { String(cString: $0) }
                ?? "Unknown\(cp.connector_type)"
            let modes = (0..<Int(cp.count_modes)).map { DisplayMode(cp.modes[$0]) }
            let possible = (0..<Int(cp.count_encoders)).reduce(UInt32(0)) { $0 | (encoderCRTCs[cp.encoders[$1]] ?? 0) }
            connectors.append(
                DisplayConnector(
                    id: cp.connector_id, name: "\(typeName)-\(cp.connector_type_id)",
                    connected: cp.connection == DRM_MODE_CONNECTED,
                    isWriteback: cp.connector_type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK), modes: modes,
                    widthMM: Int(cp.mmWidth), heightMM: Int(cp.mmHeight), currentEncoder: cp.encoder_id,
                    possibleCRTCs: possible))
        }
        var crtcs: [DisplayCRTC] = []
        for (index, id) in crtcIDs.enumerated() {
            guard let c = drmModeGetCrtc(fd, id) else { continue }
            crtcs.append(
                DisplayCRTC(
                    id: id, index: index, framebuffer: c.pointee.buffer_id,
                    mode: c.pointee.mode_valid != 0 ? DisplayMode(c.pointee.mode) : nil))
            drmModeFreeCrtc(c)
        }
        return DisplayResources(
            connectors: connectors, crtcs: crtcs, planes: planes(),
            minWidth: Int(r.min_width), maxWidth: Int(r.max_width),
            minHeight: Int(r.min_height), maxHeight: Int(r.max_height))
    }

    private func planes() -> [DisplayPlane] {
        guard let list = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(list) }
        var planes: [DisplayPlane] = []
        for i in 0..<Int(list.pointee.count_planes) {
            guard let p = drmModeGetPlane(fd, list.pointee.planes[i]) else { continue }
            defer { drmModeFreePlane(p) }
            let pp = p.pointee
            let kind: DisplayPlane.Kind
            switch propertyValue(object: pp.plane_id, type: UInt32(DRM_MODE_OBJECT_PLANE), name: "type") {
            case 0: kind = .overlay
            case 1: kind = .primary
            case 2: kind = .cursor
            default: kind = .unknown
            }
            let formats = (0..<Int(pp.count_formats)).map { FourCC(code: pp.formats[$0]).name }
            planes.append(
                DisplayPlane(
                    id: pp.plane_id, kind: kind, formats: formats, possibleCRTCs: pp.possible_crtcs,
                    currentCRTC: pp.crtc_id, currentFramebuffer: pp.fb_id))
        }
        return planes
    }

    /// The value of a KMS object's property, by name; nil when the object has no such property.
    func propertyValue(object: UInt32, type: UInt32, name: String) -> UInt64? {
        propertyIDAndValue(object: object, type: type, name: name)?.value
    }

    func propertyIDAndValue(object: UInt32, type: UInt32, name: String) -> (id: UInt32, value: UInt64)? {
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            var raw = prop.pointee.name
            let propName = withUnsafeBytes(of: &raw) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let id = prop.pointee.prop_id
            drmModeFreeProperty(prop)
            if propName == name { return (id, props.pointee.prop_values[i]) }
        }
        return nil
    }
}
