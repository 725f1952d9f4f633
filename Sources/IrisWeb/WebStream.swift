import NIOCore
import NIOHTTP1

/// A response that lasts as long as the run: the MJPEG stream or the event stream. Used on the connection's
/// event loop only.
protocol WebStream: AnyObject {
    func start(extraHeaders: [(String, String)])
    /// The connection has gone: cancel the subscriptions.
    func stop()
}

/// Hands values published on a pipeline thread to a stream on its event loop.
struct LoopHandoff<Stream: AnyObject>: Sendable {
    private let bound: NIOLoopBound<Stream>
    private let loop: any EventLoop

    init(_ stream: Stream, loop: any EventLoop) {
        bound = NIOLoopBound(stream, eventLoop: loop)
        self.loop = loop
    }

    func run(_ body: @escaping @Sendable (Stream) -> Void) {
        let bound = bound
        loop.execute { body(bound.value) }
    }
}

extension HTTPHeaders {
    /// What every stream's response head carries: never cached, never buffered by a proxy, closed at the end.
    static func stream(type: String, extra: [(String, String)]) -> HTTPHeaders {
        var headers = HTTPHeaders([
            ("Content-Type", type), ("Cache-Control", "no-store, no-cache, must-revalidate"),
            ("Pragma", "no-cache"), ("X-Accel-Buffering", "no"), ("Connection", "close")
        ])
        headers.add(contentsOf: extra)
        headers.add(contentsOf: WebResponse.securityHeaders)
        return headers
    }
}
