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

extension ChannelHandlerContext {
    /// Sends a stream's response head (200, `type`, the stream headers and `extra`) at once.
    func writeStreamHead(type: String, extra: [(String, String)]) {
        let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: .stream(type: type, extra: extra))
        writeAndFlush(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
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
