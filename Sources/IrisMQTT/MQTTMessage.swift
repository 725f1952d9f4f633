/// A message on its way to the broker.
struct MQTTMessage: Sendable {
    enum Kind: Sendable { case event, state, snapshot, stats, discovery }

    let kind: Kind
    let topic: String
    let payload: Payload
    let qos: Int32
    let retain: Bool

    enum Payload: Sendable {
        case bytes([UInt8])
        /// The frame as JPEG, encoded on the publisher's thread when it is sent (never on the detector's).
        case snapshot
    }

    static func text(_ kind: Kind, _ topic: String, _ text: String, retain: Bool = true) -> MQTTMessage {
        MQTTMessage(kind: kind, topic: topic, payload: .bytes(Array(text.utf8)), qos: 1, retain: retain)
    }
}
