import Foundation
import IrisCore

/// A broker's user name and password, from a file (`--publish-credentials FILE`: `USER:PASSWORD` on its first
/// line) or the environment (`IRIS_MQTT_USERNAME`, `IRIS_MQTT_PASSWORD`), never from the command line,
/// which `ps` shows to every user of the machine.
public struct MQTTCredentials: Sendable, Equatable {
    public let username: String
    public let password: String?

    public init(username: String, password: String?) {
        self.username = username
        self.password = password
    }

    public static let usernameVariable = "IRIS_MQTT_USERNAME"
    public static let passwordVariable = "IRIS_MQTT_PASSWORD"

    /// The file's credentials when `path` is given, else the environment's, else none (anonymous).
    public static func load(file path: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(MQTTError) -> MQTTCredentials?
    {
        if let path {
            let data: Data
            do { data = try SmallFile.read(path, limit: 4096) } catch {
                throw .credentials(path: path, reason: error.reason)
            }
            let line =
                String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .credentials(path: path, reason: "expected USER:PASSWORD on the first line")
            }
            return MQTTCredentials(
                username: String(line[..<colon]), password: String(line[line.index(after: colon)...]))
        }
        guard let user = environment[usernameVariable], !user.isEmpty else { return nil }
        return MQTTCredentials(username: user, password: environment[passwordVariable])
    }
}
