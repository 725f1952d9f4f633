/// What a run's MQTT publisher did: in `metrics.json`, `GET /metrics` and the `stats` topic, under
/// `publish`; absent when the run publishes nothing.
public struct PublishStatistics: Sendable, Codable, Equatable {
    /// Whether the broker connection is up now, and how many times it came back after a loss.
    public var connected = false
    public var reconnects = 0
    /// Lifecycle events handed to the publisher, published (acknowledged by the broker at QoS 1), and
    /// dropped because the queue was full while the broker was away (the oldest go first).
    public var events = 0
    public var eventsAcknowledged = 0
    public var eventsDropped = 0
    /// Every message published (events, counts, snapshots, stats, discovery), and those acknowledged.
    public var messages = 0
    public var messagesAcknowledged = 0
    public var snapshots = 0
    /// Events waiting now, and the most that waited.
    public var queued = 0
    public var queuedPeak = 0
    /// Commands received (`detect/set`, `filter/set`) and those refused (reported on `…/error`).
    public var commands = 0
    public var commandsRefused = 0

    public init() {}
}
