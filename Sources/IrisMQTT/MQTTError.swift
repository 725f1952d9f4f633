/// Why a publisher could not start: every case names the broker or the file at fault.
public enum MQTTError: Error, Equatable, CustomStringConvertible {
    /// No connection: the host is unknown, nothing listens on the port, or the network is down.
    case unreachable(broker: String, reason: String)
    /// The broker answered and refused the connection (bad user name or password, not authorized).
    case refused(broker: String, reason: String)
    /// The broker did not answer the connection within the time allowed.
    case noAnswer(broker: String, seconds: Double)
    /// The credentials file could not be read or does not hold `USER:PASSWORD`.
    case credentials(path: String, reason: String)
    /// TLS could not be set up (a CA file missing or unreadable).
    case tls(broker: String, reason: String)
    /// libmosquitto failed where it should not (out of memory, an invalid setting).
    case library(reason: String)

    public var description: String {
        switch self {
        case let .unreachable(broker, reason): return "broker \(broker) cannot be reached: \(reason)"
        case let .refused(broker, reason): return "broker \(broker) refused the connection: \(reason)"
        case let .noAnswer(broker, seconds): return "broker \(broker) did not answer within \(Int(seconds)) s"
        case let .credentials(path, reason): return "MQTT credentials \(path): \(reason)"
        case let .tls(broker, reason): return "TLS to broker \(broker): \(reason)"
        case let .library(reason): return "libmosquitto: \(reason)"
        }
    }
}
