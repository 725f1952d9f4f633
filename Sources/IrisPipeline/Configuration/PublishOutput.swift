/// Where a run publishes its detections: an MQTT broker (`--publish mqtt://HOST[:PORT]/PREFIX`), served by
/// IrisMQTT's `MQTTPublisher`. Credentials never come from the command line (which `ps` shows): from a file
/// (`credentialsFile`: `USER:PASSWORD` on its first line) or the environment (`IRIS_MQTT_USERNAME`,
/// `IRIS_MQTT_PASSWORD`).
///
///     let publish = try PublishOutput(url: "mqtt://broker.local/iris")   // port 1883, prefix "iris"
public struct PublishOutput: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// The topics' first level: `PREFIX/<camera>/events` and so on.
    public var prefix: String
    /// `mqtts://`: TLS, checked against `caFile` (or the system's store when nil).
    public var tls: Bool
    public var caFile: String?
    public var credentialsFile: String?
    /// Home Assistant's MQTT discovery under `discoveryPrefix` (`--ha-discovery`).
    public var homeAssistantDiscovery = false
    public var discoveryPrefix = "homeassistant"
    /// Events waiting for the broker (it is away, or slow) at most; beyond it the oldest are dropped and counted.
    public var queueCapacity = 1000
    /// Seconds between `stats` messages (the `--metrics` JSON).
    public var statsInterval = 5.0
    /// A JPEG of the frame (overlays included) on `PREFIX/<camera>/<label>/snapshot` when an object is new.
    public var snapshots = true

    public static let defaultPort = 1883
    public static let defaultTLSPort = 8883

    public init(host: String, port: Int? = nil, prefix: String = "iris", tls: Bool = false) {
        self.host = host
        self.port = port ?? (tls ? Self.defaultTLSPort : Self.defaultPort)
        self.prefix = prefix
        self.tls = tls
    }

    /// Reads `mqtt://HOST[:PORT][/PREFIX]` or `mqtts://…`; a user or password in the URL is refused (it
    /// would show in `ps`).
    public init(url text: String) throws(PipelineError) {
        let lower = text.lowercased()
        let tls = lower.hasPrefix("mqtts://")
        guard tls || lower.hasPrefix("mqtt://") else {
            throw .configuration(field: "publish", reason: "\(text): expected mqtt://HOST[:PORT]/PREFIX or mqtts://…")
        }
        let rest = text.dropFirst(tls ? 8 : 7)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let authority = String(parts[0])
        guard !authority.contains("@") else {
            throw .configuration(
                field: "publish",
                reason:
                    "credentials in the URL would show in `ps`: give --publish-credentials FILE or IRIS_MQTT_USERNAME and IRIS_MQTT_PASSWORD"
            )
        }
        var host = authority, port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            guard let p = Int(authority[authority.index(after: colon)...]) else {
                throw .configuration(field: "publish", reason: "\(text): the port must be a number")
            }
            port = p
        }
        host = host.trimmingCharacters(in: ["[", "]"])
        let prefix = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: ["/"]) : "iris"
        self.init(host: host, port: port, prefix: prefix.isEmpty ? "iris" : prefix, tls: tls)
    }

    public var url: String {
        "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(prefix)"
    }

    public func validated() throws(PipelineError) -> PublishOutput {
        guard !host.isEmpty else { throw .configuration(field: "publish", reason: "\(url): no broker host") }
        guard (1...65535).contains(port) else {
            throw .configuration(field: "publish", reason: "\(url): port \(port) is not 1–65535")
        }
        // MQTT's wildcards and the empty level would make topics no subscriber can name.
        guard !prefix.contains("+"), !prefix.contains("#"), !prefix.contains("//"), !prefix.utf8.contains(0) else {
            throw .configuration(field: "publish", reason: "the prefix '\(prefix)' holds +, # or an empty level")
        }
        guard queueCapacity >= 1 else {
            throw .configuration(field: "publishQueue", reason: "must be at least 1, got \(queueCapacity)")
        }
        guard statsInterval >= 0.5 && statsInterval.isFinite else {
            throw .configuration(field: "publishStatsInterval", reason: "must be at least 0.5 s, got \(statsInterval)")
        }
        if caFile != nil && !tls { throw .configuration(field: "publish-ca", reason: "a CA file needs mqtts://") }
        return self
    }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

/// What `--events` writes: a line per detected frame (`frames`, the default) or the tracked objects'
/// lifecycle events (`objects`: `new`, `update`, `end`).
public enum EventsKind: String, Sendable, Equatable, CaseIterable {
    case frames, objects
}
