import NIOHTTP1

/// Who may see the camera: with a token, every request must carry it, as the `token` query parameter (an
/// `<img>` tag or an MJPEG client), the `iris_token` cookie (set when the page is opened with the query), or
/// `Authorization: Bearer TOKEN`. Tokens are compared in constant time.
struct WebAccess: Sendable {
    let token: String?

    static let cookieName = "iris_token"

    /// Whether `head` carries the token (always, when the server has none).
    func allows(_ head: HTTPRequestHead) -> Bool {
        guard let token else { return true }
        return Self.offeredTokens(head).contains { Self.equalInConstantTime($0, token) }
    }

    /// Whether the token came in the query, so the response should set the cookie for the page's later requests.
    func cameInQuery(_ head: HTTPRequestHead) -> Bool {
        guard let token, let given = WebRequestTarget(head.uri).query["token"] else { return false }
        return Self.equalInConstantTime(given, token)
    }

    /// The `Set-Cookie` value that lets the page's stream, events and controls in.
    var cookie: String? {
        token.map { "\(Self.cookieName)=\($0); Path=/; HttpOnly; SameSite=Strict" }
    }

    static func offeredTokens(_ head: HTTPRequestHead) -> [String] {
        var offered: [String] = []
        if let query = WebRequestTarget(head.uri).query["token"] { offered.append(query) }
        for header in head.headers["Cookie"] {
            for pair in header.split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2, kv[0].trimmingSpaces == cookieName { offered.append(String(kv[1].trimmingSpaces)) }
            }
        }
        for header in head.headers["Authorization"] where header.lowercased().hasPrefix("bearer ") {
            offered.append(String(header.dropFirst("bearer ".count)).trimmingSpaces)
        }
        return offered
    }

    /// Compares every byte whatever the first difference, so the time taken does not tell how much matched.
    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
