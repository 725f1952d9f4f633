import Foundation

/// What a request to the web preview asks for, from its method, path and query. mjpg-streamer's URLs
/// (`/?action=stream`, `/?action=snapshot`), which OctoPrint, Home Assistant's MJPEG camera and many scripts
/// hard-code, name the same things as Iris's own paths.
enum WebRoute: Equatable {
    case page
    case stream
    case snapshotJPEG
    case snapshotPNG
    case metrics(prometheus: Bool)
    case events
    case chain
    case setInputs(index: Int)
    case replaceChain
    case notFound
    case methodNotAllowed(allowed: String)

    init(method: String, uri: String) {
        let request = WebRequestTarget(uri)
        let route: WebRoute
        switch request.path {
        case "/", "/index.html":
            switch request.query["action"] {
            case "stream"?: route = .stream
            case "snapshot"?: route = .snapshotJPEG
            case nil: route = .page
            default: route = .notFound
            }
        case "/stream.mjpg", "/stream": route = .stream
        case "/snapshot.jpg", "/snapshot": route = .snapshotJPEG
        case "/snapshot.png": route = .snapshotPNG
        case "/metrics": route = .metrics(prometheus: request.query["format"] == "prometheus")
        case "/metrics/prometheus": route = .metrics(prometheus: true)
        case "/events": route = .events
        case "/api/chain":
            switch method {
            case "GET", "HEAD": self = .chain
            case "PUT": self = .replaceChain
            default: self = .methodNotAllowed(allowed: "GET, PUT")
            }
            return
        default:
            let parts = request.path.split(separator: "/")
            if parts.count == 3, parts[0] == "api", parts[1] == "chain", let index = Int(parts[2]), index >= 0 {
                self =
                    method == "POST" || method == "PATCH"
                    ? .setInputs(index: index) : .methodNotAllowed(allowed: "POST, PATCH")
                return
            }
            route = .notFound
        }
        self =
            method == "GET" || method == "HEAD" || route == .notFound ? route : .methodNotAllowed(allowed: "GET, HEAD")
    }

    /// Whether the response goes on for as long as the run (a stream), rather than being one body.
    var isStream: Bool { self == .stream || self == .events }
}

/// A request's path and query, percent-decoded.
struct WebRequestTarget {
    let path: String
    let query: [String: String]

    init(_ uri: String) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value =
                    kv.count > 1
                    ? (String(kv[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "") : ""
                if query[key] == nil { query[key] = value }
            }
        }
        self.query = query
    }
}
