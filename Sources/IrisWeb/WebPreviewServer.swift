import Foundation
import IrisPipeline
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The web preview: an HTTP server (SwiftNIO) that shows a running pipeline to browsers. It serves a page
/// with the stream, the live metrics, the latest detections and a control for each input of the running
/// filter chain; an MJPEG stream (`/stream.mjpg`, and mjpg-streamer's `/?action=stream`); snapshots
/// (`/snapshot.jpg`, `/snapshot.png`, `/?action=snapshot`); the metrics as JSON or Prometheus text
/// (`/metrics`, `/metrics?format=prometheus`); Server-Sent Events (`/events`); and the chain's controls
/// (`GET`/`PUT /api/chain`, `POST /api/chain/INDEX`). Every request must carry the token when there is
/// one; binding another address than loopback without one is refused.
///
/// The server binds when it is made (so a busy port fails before the camera opens) and serves once the
/// pipeline attaches its view:
///
///     let server = try WebPreviewServer(WebPreviewOutput(port: 8080)); print(server.url)
///     let summary = try Pipeline(configuration: config).run(outputs: [server])
public final class WebPreviewServer: PreviewServer {
    public let output: WebPreviewOutput
    /// The port bound: the one asked for, or the one the system chose for port 0.
    public let port: Int
    /// How long a viewer may take nothing before it is closed.
    public static let stallLimit = TimeAmount.seconds(5)
    /// How long `finish` waits for viewers to take the last frame before it closes them.
    public static let finishGrace = TimeAmount.seconds(1)

    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    private let state: WebServerState
    private let finishing = Mutex(false)

    /// Binds `output`'s address; throws when the address is refused by `WebPreviewOutput.validated()`, is
    /// in use, or cannot be bound.
    public init(_ output: WebPreviewOutput, stallLimit: TimeAmount = WebPreviewServer.stallLimit) throws(PipelineError)
    {
        self.output = try output.validated()
        let state = WebServerState(access: WebAccess(token: output.token), stallLimit: stallLimit)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(WebRequestHandler(server: state))
                }
            }
        do {
            listener = try bootstrap.bind(host: output.host, port: output.port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw .configuration(field: "preview", reason: "\(output.url()) cannot be served: \(Self.describe(error))")
        }
        self.group = group
        self.state = state
        port = listener.localAddress?.port ?? output.port
    }

    /// The URL to open, with the token; `HOSTNAME` stands for this machine's name when bound to every address.
    public var url: String {
        output.url(
            shownHost: output.host == "0.0.0.0" || output.host == "::" ? ProcessInfo.processInfo.hostName : nil,
            port: port)
    }

    public func attach(_ view: LiveView) { state.attach(view) }

    public func finish() {
        guard
            finishing.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        // The view has published the "no signal" frame and the end: streams close themselves once it is sent.
        let deadline = NIODeadline.now() + Self.finishGrace
        while !state.openStreams.isEmpty && NIODeadline.now() < deadline { usleep(10_000) }
        for channel in state.openStreams { channel.close(promise: nil) }
        try? listener.close().wait()
        try? group.syncShutdownGracefully()
    }

    private static func describe(_ error: any Error) -> String {
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE: return "the address is in use (another iris, or another server, listens there)"
            case EACCES: return "permission denied (ports below 1024 need root)"
            case EADDRNOTAVAIL: return "this machine has no such address"
            default: return io.description
            }
        }
        return "\(error)"
    }
}
