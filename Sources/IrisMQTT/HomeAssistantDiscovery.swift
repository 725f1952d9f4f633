import Foundation

/// Home Assistant's MQTT discovery messages for one camera (`--ha-discovery`): published retained under
/// `<discovery prefix>/<component>/iris_<camera>/<object>/config`, and again whenever Home Assistant says
/// `online` on `<discovery prefix>/status`. All entities belong to one device carrying Iris's version, and are
/// available while `…/available` says `online`:
///
/// - `binary_sensor` "Face" and "QR code" (present or not, from the counts),
/// - `sensor` "Faces", "QR codes", "Rectangles", "Barcodes" (counts) and "Last QR code" (its message),
/// - `camera` "Snapshot" (the JPEG of the last new object),
/// - `switch` "Detection" (`detect/set` ON/OFF).
public struct HomeAssistantDiscovery: Sendable {
    public let discoveryPrefix: String
    public let camera: String
    public let topics: MQTTTopics
    public let version: String

    public init(discoveryPrefix: String, camera: String, topics: MQTTTopics, version: String) {
        self.discoveryPrefix = discoveryPrefix
        self.camera = camera
        self.topics = topics
        self.version = version
    }

    /// Home Assistant's own availability topic: `online` after it starts.
    public var statusTopic: String { "\(discoveryPrefix)/status" }

    var nodeID: String { "iris_\(camera)" }

    /// Each entity's config topic and JSON payload.
    public var messages: [(topic: String, payload: [UInt8])] {
        let device: [String: Any] = [
            "identifiers": [nodeID], "name": "Iris \(camera)", "manufacturer": "Iris",
            "model": "iris run", "sw_version": version
        ]
        func entity(_ component: String, _ object: String, _ fields: [String: Any]) -> (String, [UInt8]) {
            var config = fields
            config["unique_id"] = "\(nodeID)_\(object)"
            config["object_id"] = "\(nodeID)_\(object)"
            config["device"] = device
            config["availability_topic"] = topics.available
            config["payload_available"] = "online"
            config["payload_not_available"] = "offline"
            let data =
                (try? JSONSerialization.data(withJSONObject: config, options: [.sortedKeys, .withoutEscapingSlashes]))
                ?? Data()
            return ("\(discoveryPrefix)/\(component)/\(nodeID)/\(object)/config", Array(data))
        }
        let present = "{{ 'ON' if value | int > 0 else 'OFF' }}"
        return [
            entity(
                "binary_sensor", "face",
                [
                    "name": "Face", "state_topic": topics.count("face"), "value_template": present,
                    "device_class": "occupancy"
                ]),
            entity(
                "binary_sensor", "qr", ["name": "QR code", "state_topic": topics.count("qr"), "value_template": present]
            ),
            entity(
                "sensor", "faces",
                [
                    "name": "Faces", "state_topic": topics.count("face"), "state_class": "measurement",
                    "icon": "mdi:face-recognition"
                ]),
            entity(
                "sensor", "qr_codes",
                [
                    "name": "QR codes", "state_topic": topics.count("qr"), "state_class": "measurement",
                    "icon": "mdi:qrcode"
                ]),
            entity(
                "sensor", "rectangles",
                ["name": "Rectangles", "state_topic": topics.count("rect"), "state_class": "measurement"]),
            entity(
                "sensor", "barcodes",
                [
                    "name": "Barcodes", "state_topic": topics.count("barcode"), "state_class": "measurement",
                    "icon": "mdi:barcode"
                ]),
            entity(
                "sensor", "last_qr",
                ["name": "Last QR code", "state_topic": topics.qrMessage, "icon": "mdi:qrcode-scan"]),
            entity("camera", "snapshot", ["name": "Snapshot", "topic": topics.snapshot("all")]),
            entity(
                "switch", "detection",
                [
                    "name": "Detection", "command_topic": topics.detectSet, "state_topic": topics.detectState,
                    "payload_on": "ON", "payload_off": "OFF"
                ])
        ]
    }
}
