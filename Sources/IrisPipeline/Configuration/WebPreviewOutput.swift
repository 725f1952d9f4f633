import IrisCore

/// A web preview: an HTTP server on the board that shows the pipeline's rendered frames (an MJPEG stream,
/// snapshots, live metrics and detections, and controls for the running filter chain) to a browser.
/// Served by `IrisWeb.WebPreviewServer`; given on the command line as `--preview http://127.0.0.1:8080`.
///
///     let web = try WebPreviewOutput(url: "http://0.0.0.0:8080", token: "s3cret-token-1234")
public struct WebPreviewOutput: Sendable, Equatable {
    /// The address the server binds: 127.0.0.1 (this machine only), 0.0.0.0 (every interface), an IPv6
    /// address, or a host name.
    public var host: String
    public var port: Int
    /// The access token every request must carry (a cookie, `?token=`, or `Authorization: Bearer`);
    /// required unless the server binds to loopback only.
    public var token: String?

    /// The port a URL without one gets, as mjpg-streamer and µStreamer use.
    public static let defaultPort = 8080
    /// The shortest token accepted: 16 characters (64 bits from `generatedToken()`'s alphabet and more).
    public static let minimumTokenLength = 16

    public init(host: String = "127.0.0.1", port: Int = defaultPort, token: String? = nil) {
        self.host = host
        self.port = port
        self.token = token
    }

    /// Reads `http://HOST[:PORT][/]`; nil when `text` is not an http URL. A port out of range or a path
    /// other than `/` is an error naming the URL.
    public init?(url text: String, token: String? = nil) throws(PipelineError) {
        guard text.lowercased().hasPrefix("http://") else { return nil }
        var rest = Substring(text.dropFirst("http://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("/"), !rest.contains("@"), !rest.isEmpty else {
            throw .configuration(
                field: "preview", reason: "\(text): expected http://HOST[:PORT], e.g. http://127.0.0.1:8080")
        }
        var host = String(rest), port = Self.defaultPort
        if rest.hasPrefix("[") {
            // [::1]:8080
            guard let close = rest.firstIndex(of: "]") else {
                throw .configuration(field: "preview", reason: "\(text): an IPv6 address needs its closing ]")
            }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else {
                    throw .configuration(field: "preview", reason: "\(text): expected a port after ]:")
                }
                port = p
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            guard let p = Int(rest[rest.index(after: colon)...]) else {
                throw .configuration(field: "preview", reason: "\(text): the port must be a number")
            }
            port = p
        }
        self.init(host: host, port: port, token: token)
    }

    /// Whether only this machine can reach the server (127.0.0.0/8, ::1, localhost).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The URL a browser opens, with the token when there is one.
    public func url(shownHost: String? = nil, port boundPort: Int? = nil) -> String {
        let name = shownHost ?? (host == "0.0.0.0" || host == "::" ? "HOSTNAME" : host)
        let bracketed = name.contains(":") ? "[\(name)]" : name
        return "http://\(bracketed):\(boundPort ?? port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    /// Unreserved URL characters (RFC 3986), which a query, a cookie and a header carry unchanged.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "~": return true
        default: return false
        }
    }

    /// A fresh random token of 32 hexadecimal digits (128 bits), for `--preview-token auto`.
    public static func generatedToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexadecimal
    }

    /// Refuses what would expose the camera: another address than loopback without a token, a token too
    /// short to guess or holding characters a URL or cookie would mangle, a port out of range.
    public func validated() throws(PipelineError) -> WebPreviewOutput {
        let shown = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        guard (0...65535).contains(port) else {
            throw .configuration(field: "preview", reason: "\(shown): port \(port) is not 0–65535")
        }
        guard !host.isEmpty, !host.utf8.contains(0) else {
            throw .configuration(field: "preview", reason: "\(shown): no host to bind")
        }
        if let token {
            guard token.count >= Self.minimumTokenLength else {
                throw .configuration(
                    field: "preview-token",
                    reason: "a token must have at least \(Self.minimumTokenLength) characters "
                        + "(got \(token.count)); --preview-token auto makes one")
            }
            guard token.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                throw .configuration(
                    field: "preview-token", reason: "a token holds letters, digits, '-', '_', '.' and '~' only")
            }
        } else if !isLoopback {
            throw .configuration(
                field: "preview",
                reason: "\(shown) can be reached from other machines, and a camera is private: "
                    + "give --preview-token TOKEN (or --preview-token auto), or bind 127.0.0.1")
        }
        return self
    }
}
