/// An output outside the pipeline's own threads that shows a running pipeline through its `LiveView`:
/// IrisWeb's `WebPreviewServer` is one. The pipeline attaches each before its first frame and finishes each
/// after its last (the view's "no signal" frame), before `run` returns.
///
///     let summary = try Pipeline(configuration: config).run(servers: [try WebPreviewServer(config.webPreviews[0])])
public protocol PreviewServer: AnyObject, Sendable {
    /// The configuration this server was made from.
    var output: WebPreviewOutput { get }
    /// Where a browser opens it, with the token.
    var url: String { get }
    /// Starts serving `view`: its frames, detections, metrics and filter chain.
    func attach(_ view: LiveView)
    /// Ends every viewer's stream after the view's last frame and stops listening; returns within about a
    /// second even when a viewer stopped reading.
    func finish()
}
