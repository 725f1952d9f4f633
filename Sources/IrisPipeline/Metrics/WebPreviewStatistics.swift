import IrisFilters

/// What a run's web previews did: viewers, frames encoded and sent, and requests refused.
/// In `metrics.json`, `GET /metrics` and the Prometheus text, under `web`; absent when no web preview runs.
public struct WebPreviewStatistics: Sendable, Codable, Equatable {
    /// MJPEG stream viewers connected now, and the most at once (an open page is one).
    public var viewers = 0
    public var viewersPeak = 0
    /// MJPEG stream connections served in all.
    public var viewersServed = 0
    /// Event streams (`/events`: the page's figures and detections) open now.
    public var eventStreams = 0
    /// Viewers and event streams closed because they stopped reading (nothing taken for
    /// `WebPreviewServer.stallLimit`, or too many events waiting).
    public var viewersDropped = 0
    /// Frames JPEG-encoded: once a frame for every viewer, and only while someone watches.
    public var framesEncoded = 0
    /// Frame parts written to viewers, and the frames viewers skipped because their previous one was still
    /// on its way (a slow viewer gets the newest frame, not a queue).
    public var framesSent = 0
    public var framesSkipped = 0
    public var bytesSent = 0
    public var snapshots = 0
    /// Requests refused for a missing or wrong token (401).
    public var unauthorized = 0
    /// Filter chain changes accepted and refused (4xx).
    public var controlChanges = 0
    public var controlRefused = 0
    /// JPEG encoding time a frame, milliseconds.
    public var encode: LatencySummary?
    /// From the frame's capture to its last byte handed to a viewer's socket, milliseconds: what the web
    /// preview adds to the pipeline's own latency, short of the network and the browser.
    public var captureToSent: LatencySummary?

    public init() {}
}

/// The counters behind `WebPreviewStatistics`, kept with the run's other counters.
struct WebCounters: Sendable {
    var statistics = WebPreviewStatistics()
    var encode = LatencyHistogram()
    var captureToSent = LatencyHistogram()
}
