/// An output outside the pipeline's own threads that follows a running pipeline through its `LiveView`: a
/// web preview (IrisWeb's `WebPreviewServer`) or a publisher to a broker (IrisMQTT's `MQTTPublisher`). The
/// pipeline attaches each before its first frame and finishes each after its last (the view's "no signal"
/// frame and the end of every object), before `run` returns.
///
///     let summary = try Pipeline(configuration: config).run(outputs: [try WebPreviewServer(config.webPreviews[0])])
public protocol LiveOutput: AnyObject, Sendable {
    /// What this output serves, as the configuration names it (`http://127.0.0.1:8080`, `mqtt://broker:1883/iris`):
    /// the pipeline checks that every configured web preview and publisher has its output.
    var configuredAs: String { get }
    /// Where a user reaches it (a URL with the token; the broker and topics), for the start-up message.
    var url: String { get }
    /// Starts following `view`: its frames, detections, objects, metrics and filter chain.
    func attach(_ view: LiveView)
    /// Ends every stream or session after the view's last frame and events; returns within a few seconds
    /// even when a viewer stopped reading or a broker is away.
    func finish()
}

/// A web preview's server.
public protocol PreviewServer: LiveOutput {
    /// The configuration this server was made from.
    var output: WebPreviewOutput { get }
}

extension PreviewServer {
    public var configuredAs: String { output.configuredAs }
}

extension WebPreviewOutput {
    /// The key a server and its configuration share.
    public var configuredAs: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}
