import Foundation
import IrisPipeline
import NIOCore
import NIOHTTP1

/// One HTTP connection to the web preview: reads each request (its body up to `ChainControl.maximumBodyBytes`),
/// checks the token, and answers it, or hands the connection to a `FrameStream` or an `EventStream` that
/// lasts as long as the run. Runs on the connection's event loop only.
final class WebRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: WebServerState
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    /// A body over the limit: the rest of the request is read and dropped, then 413 is sent.
    private var bodyTooLarge = false
    private var stream: (any WebStream)?

    init(server: WebServerState) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(requestHead):
            head = requestHead
            body = nil
            let declared = requestHead.headers.first(name: "Content-Length").flatMap(Int.init) ?? 0
            bodyTooLarge = declared > ChainControl.maximumBodyBytes
        case var .body(chunk):
            guard !bodyTooLarge else { return }
            if (body?.readableBytes ?? 0) + chunk.readableBytes > ChainControl.maximumBodyBytes {
                bodyTooLarge = true
                body = nil
                return
            }
            if body == nil { body = chunk } else { body!.writeBuffer(&chunk) }
        case .end:
            guard let requestHead = head else { return }
            head = nil
            respond(to: requestHead, body: body.map { Array($0.readableBytesView) } ?? [], context: context)
            body = nil
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stream?.stop()
        stream = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func respond(to head: HTTPRequestHead, body: [UInt8], context: ChannelHandlerContext) {
        let access = server.access
        guard access.allows(head) else {
            server.view?.count(.unauthorized)
            let page = head.uri == "/" || head.uri.hasPrefix("/?") && !head.uri.contains("action=")
            send(
                status: .unauthorized, type: page ? "text/html; charset=utf-8" : "application/json",
                body: page
                    ? PreviewPage.unauthorized
                    : WebResponse.error("a valid token is needed: open the URL iris printed (…/?token=…)"),
                extra: [("WWW-Authenticate", "Bearer realm=\"iris\"")], head: head, context: context)
            return
        }
        var extra: [(String, String)] = []
        if access.cameInQuery(head), let cookie = access.cookie { extra.append(("Set-Cookie", cookie)) }
        let route = WebRoute(method: head.method.rawValue, uri: head.uri)
        if bodyTooLarge {
            server.view?.count(.controlRefused)
            send(
                status: .payloadTooLarge,
                body: WebResponse.error("the request body is over \(ChainControl.maximumBodyBytes) bytes"),
                extra: extra, head: head, context: context, close: true)
            return
        }
        switch route {
        case .page:
            send(
                status: .ok, type: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8), extra: extra,
                head: head, context: context)
        case .notFound:
            send(
                status: .notFound, body: WebResponse.error("no such page: \(WebRequestTarget(head.uri).path)"),
                extra: extra, head: head, context: context)
        case let .methodNotAllowed(allowed):
            send(
                status: .methodNotAllowed, body: WebResponse.error("\(head.method.rawValue) is not allowed here"),
                extra: extra + [("Allow", allowed)], head: head, context: context)
        default:
            guard let view = server.view else {
                send(
                    status: .serviceUnavailable, body: WebResponse.error("the pipeline is starting"),
                    extra: extra + [("Retry-After", "1")],
                    head: head, context: context)
                return
            }
            respond(to: route, view: view, head: head, body: body, extra: extra, context: context)
        }
    }

    private func respond(
        to route: WebRoute, view: LiveView, head: HTTPRequestHead, body: [UInt8], extra: [(String, String)],
        context: ChannelHandlerContext
    ) {
        switch route {
        case .stream, .events:
            let stream: any WebStream =
                route == .stream
                ? FrameStream(context: context, view: view, stallLimit: server.stallLimit)
                : EventStream(context: context, view: view, stallLimit: server.stallLimit)
            self.stream = stream
            server.streamOpened(context.channel)
            stream.start(extraHeaders: extra)
        case .snapshotJPEG, .snapshotPNG:
            // Encoding takes milliseconds (a PNG tens of them): off the event loop, which serves every viewer.
            let png = route == .snapshotPNG
            let handoff = LoopHandoff(self, loop: context.eventLoop),
                bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            DispatchQueue.global().async {
                let jpeg = png ? nil : view.snapshotJPEG()
                let pngBytes = png ? view.snapshotPNG() : nil
                handoff.run { handler in
                    let context = bound.value
                    if let jpeg {
                        handler.send(
                            status: .ok, type: "image/jpeg", body: jpeg.jpeg,
                            extra: extra + [
                                ("X-Frame", "\(jpeg.index)"), ("X-Timestamp", WebResponse.timestamp(jpeg.captureTime))
                            ],
                            head: head, context: context)
                    } else if let pngBytes {
                        handler.send(
                            status: .ok, type: "image/png", body: pngBytes, extra: extra, head: head, context: context)
                    } else {
                        handler.noFrameYet(head, extra, context)
                    }
                }
            }
        case let .metrics(prometheus):
            let report = view.metricsReport
            if prometheus {
                send(
                    status: .ok, type: PrometheusText.contentType,
                    body: Array(PrometheusText.render(report.metrics).utf8),
                    extra: extra, head: head, context: context)
            } else {
                send(
                    status: .ok, body: (try? report.json()) ?? WebResponse.error("the metrics could not be encoded"),
                    extra: extra, head: head, context: context)
            }
        case .chain:
            send(status: .ok, body: WebResponse.chain(view.chain), extra: extra, head: head, context: context)
        case let .setInputs(index):
            applyControl(body, index: index, view: view, head: head, extra: extra, context: context)
        case .replaceChain:
            applyControl(body, index: nil, view: view, head: head, extra: extra, context: context)
        case .page, .notFound, .methodNotAllowed:
            break
        }
    }

    private func applyControl(
        _ body: [UInt8], index: Int?, view: LiveView, head: HTTPRequestHead, extra: [(String, String)],
        context: ChannelHandlerContext
    ) {
        do {
            try ChainControl.apply(body, toFilterAt: index, of: view.chain)
            view.count(.controlChanged)
            send(status: .ok, body: WebResponse.chain(view.chain), extra: extra, head: head, context: context)
        } catch {
            view.count(.controlRefused)
            let status: HTTPResponseStatus =
                switch error {
                case .malformed: .badRequest
                case .tooLarge: .payloadTooLarge
                case .refused(.noFilter): .notFound
                case .refused(.filter): .unprocessableEntity
                }
            send(status: status, body: WebResponse.error(error.description), extra: extra, head: head, context: context)
        }
    }

    private func noFrameYet(_ head: HTTPRequestHead, _ extra: [(String, String)], _ context: ChannelHandlerContext) {
        send(
            status: .serviceUnavailable, body: WebResponse.error("no frame has been rendered yet"),
            extra: extra + [("Retry-After", "1")],
            head: head, context: context)
    }

    /// Sends a whole response, keeping the connection for the next request when the client asked to.
    private func send(
        status: HTTPResponseStatus, type: String = "application/json", body: [UInt8], extra: [(String, String)],
        head: HTTPRequestHead, context: ChannelHandlerContext, close: Bool = false
    ) {
        let keepAlive = head.isKeepAlive && !close
        var headers = HTTPHeaders([
            ("Content-Type", type), ("Content-Length", "\(body.count)"), ("Cache-Control", "no-store")
        ])
        headers.add(contentsOf: extra)
        headers.add(contentsOf: WebResponse.securityHeaders)
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
            promise: nil)
        if head.method != .HEAD {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

/// Bodies and headers the handler's responses share.
enum WebResponse {
    /// The page's own content only: no framing by other sites, no guessing of types.
    static let securityHeaders = [
        ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer")
    ]

    static func error(_ message: String) -> [UInt8] {
        let encoded = (try? JSONEncoder().encode(["error": message])) ?? Data("{\"error\": \"?\"}".utf8)
        return Array(encoded) + [0x0A]
    }

    static func chain(_ chain: LiveChain) -> [UInt8] {
        struct Body: Encodable {
            let version: Int
            let filters: [ChainEntry]
            let reverted: String?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return
            ((try? encoder.encode(Body(version: chain.version, filters: chain.entries, reverted: chain.revertReason)))
            .map(Array.init) ?? error("the chain could not be encoded")) + [0x0A]
    }

    /// Seconds since 1970 with microseconds, as µStreamer's `X-Timestamp`.
    static func timestamp(_ seconds: Double) -> String { String(format: "%.6f", seconds) }
}
