import IrisPipeline

/// The topics one camera publishes and listens on, under `PREFIX/<camera>/`.
///
///     let topics = MQTTTopics(prefix: "iris", camera: "door"); topics.events   // "iris/door/events"
public struct MQTTTopics: Sendable, Equatable {
    public let base: String

    public init(prefix: String, camera: String) { base = "\(prefix)/\(camera)" }

    /// The lifecycle events, QoS 1, in order.
    public var events: String { "\(base)/events" }
    /// `online`, and `offline` as the last will and when the run ends (retained).
    public var available: String { "\(base)/available" }
    /// The `--metrics` JSON every few seconds.
    public var stats: String { "\(base)/stats" }
    /// Where refused commands are reported.
    public var error: String { "\(base)/error" }
    /// How many objects of `label` (`face`, `qr`, `rect`, `barcode`, `all`) are seen now (retained).
    public func count(_ label: String) -> String { "\(base)/\(label)" }
    /// A JPEG of the frame when an object of `label` is new (retained; `all` for any).
    public func snapshot(_ label: String) -> String { "\(base)/\(label)/snapshot" }
    /// The last QR code's message (retained).
    public var qrMessage: String { "\(base)/qr/message" }
    /// Commands: `ON`/`OFF`, and a filter chain; their states (retained).
    public var detectSet: String { "\(base)/detect/set" }
    public var detectState: String { "\(base)/detect/state" }
    public var filterSet: String { "\(base)/filter/set" }
    public var filterState: String { "\(base)/filter/state" }

    public static let labels = ObjectLifecycle.labels + ["all"]
}
