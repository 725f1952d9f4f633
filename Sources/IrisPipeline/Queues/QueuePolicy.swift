/// What a bounded queue does when a producer pushes into it while it is full, in the spirit of GStreamer's
/// `queue` element and its `leaky` property. Whatever the policy, every frame that leaves without being
/// consumed is counted (`QueueStatistics.dropped`).
///
///     let toDisplay = BoundedQueue<RenderedFrame>(name: "display", capacity: 1, policy: .dropOldest)
public enum QueuePolicy: String, Sendable, Codable, CaseIterable {
    /// The producer waits for room: nothing is lost, and back-pressure travels upstream.
    /// (GStreamer: `leaky=no`.) Used towards the recorder and, for files, between every stage.
    case block
    /// The oldest queued item is discarded to make room: the consumer always gets the freshest frame.
    /// (GStreamer: `leaky=downstream`.) Used towards the preview, and after a camera.
    case dropOldest
    /// The new item is discarded: what is queued keeps its place. (GStreamer: `leaky=upstream`.)
    /// Used towards the detectors, which finish the frame they have before they take another.
    case dropNewest
}
