import Foundation
import IrisCore
import Synchronization

/// The running figures of a pipeline, updated by its stages and read by the status line and the summary.
/// Every frame that does not reach an output is counted at the stage that lost it.
///
///     let snapshot = metrics.snapshot()   // fps, latencies, drops
public final class PipelineMetrics: Sendable {
    struct Counters: Sendable {
        var framesIn = 0
        var framesRendered = 0
        var framesShown = 0
        var framesScaledOnPlane = 0
        var framesRecorded = 0
        var framesDetected = 0
        var recorderRefused = 0
        var recorderLost = 0
        var displayFailed = 0
        var captureToDisplay = LatencyHistogram()
        var captureToFile = LatencyHistogram()
        var render = LatencyHistogram()
        var detect = LatencyHistogram()
        var features = 0
        /// The source's decode errors so far (a damaged recording), as the source counts them.
        var decodeErrors = 0
        /// Frames the source itself lost (a camera's sequence gaps), as it last said.
        var sourceLost = 0
        /// Frames whose pixels were read where the source keeps them (a camera's buffers), not copied.
        var framesReadInPlace = 0
        /// Frames recorded as they came, unrendered (nothing applied or drawn: `Context.framePlanes`).
        var framesRecordedUnrendered = 0
        /// How a GLES renderer got frames in dmabufs onto the GPU (`GLESRenderer.planeImport`).
        var planeImport: String?
        /// Bytes each stage moved ("capture", "render", "display", "record", "web"), `ByteTraffic` by kind.
        var traffic: [String: ByteTraffic] = [:]
        /// Present when a web preview runs.
        var web: WebCounters?
        /// Present when the run publishes to a broker.
        var publish: PublishStatistics?
    }
    private let counters = Mutex(Counters())
    let start = ContinuousClock.now

    init() {}

    func update(_ change: (inout Counters) -> Void) { counters.withLock { change(&$0) } }

    /// The figures now; `queues` come from the run, which owns the queues.
    func snapshot(queues: [String: QueueStatistics], expectedFrames: Int?) -> MetricsSnapshot {
        let c = counters.withLock { $0 }
        let elapsed = Self.seconds(ContinuousClock.now - start)
        func summary(_ h: LatencyHistogram) -> LatencySummary? {
            guard h.count > 0, let p50 = h.percentile(0.5), let p99 = h.percentile(0.99), let mean = h.mean else {
                return nil
            }
            return LatencySummary(
                p50: Self.round(p50), p99: Self.round(p99), mean: Self.round(mean), max: Self.round(h.maximum),
                samples: h.count)
        }
        let drops = MetricsSnapshot.Drops(
            source: c.sourceLost, capture: queues["render"]?.dropped ?? 0, display: queues["display"]?.dropped ?? 0,
            recorder: (queues["record"]?.dropped ?? 0) + c.recorderRefused + c.recorderLost,
            detectorSkipped: queues["detect"]?.dropped ?? 0)
        return MetricsSnapshot(
            seconds: Self.round(elapsed), framesIn: c.framesIn, framesRendered: c.framesRendered,
            framesShown: c.framesShown,
            framesScaledOnPlane: c.framesScaledOnPlane, framesRecorded: c.framesRecorded,
            framesDetected: c.framesDetected, features: c.features,
            inputFPS: elapsed > 0 ? Self.round(Double(c.framesIn) / elapsed) : 0,
            outputFPS: elapsed > 0 ? Self.round(Double(c.framesRendered) / elapsed) : 0,
            captureToDisplay: summary(c.captureToDisplay), captureToFile: summary(c.captureToFile),
            render: summary(c.render), detector: summary(c.detect), drops: drops, queues: queues,
            expectedFrames: expectedFrames,
            decodeErrors: c.decodeErrors,
            framesReadInPlace: c.framesReadInPlace, framesRecordedUnrendered: c.framesRecordedUnrendered,
            planeImport: c.planeImport,
            bytes: c.traffic,
            bytesPerFrame: c.traffic.reduce(into: [:]) { perFrame, entry in
                let frames =
                    switch entry.key {
                    case "capture": c.framesIn
                    case "render": c.framesRendered
                    case "display": c.framesShown
                    case "record": c.framesRecorded
                    case "web": c.web?.statistics.framesEncoded ?? 0
                    default: 0
                    }
                perFrame[entry.key] = entry.value.perFrame(frames)
            },
            web: c.web.map { w in
                var statistics = w.statistics
                statistics.encode = summary(w.encode)
                statistics.captureToSent = summary(w.captureToSent)
                return statistics
            }, publish: c.publish)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
    static func milliseconds(_ d: Duration) -> Double { seconds(d) * 1000 }
    static func round(_ v: Double) -> Double { (v * 100).rounded() / 100 }
}

/// A run's figures at one moment: what `--metrics OUT.json` holds and the status line shows.
public struct MetricsSnapshot: Sendable, Codable, Equatable {
    public struct Drops: Sendable, Codable, Equatable {
        /// Frames the source lost before Iris saw them (a camera's sequence gaps).
        public var source: Int
        /// Frames the render stage could not take in time (live sources only: a camera is never held up).
        public var capture: Int
        /// Stale frames the preview skipped to stay current.
        public var display: Int
        /// Frames the recording lost: refused timestamps, or frames after the recorder stopped on an error.
        public var recorder: Int
        /// Frames due for detection that the detectors skipped because they were still busy.
        public var detectorSkipped: Int
    }
    public var seconds: Double
    public var framesIn: Int
    public var framesRendered: Int
    public var framesShown: Int
    /// Frames of another size than the display's that a KMS plane scaled (the rest of those were fitted on
    /// the CPU).
    public var framesScaledOnPlane: Int
    public var framesRecorded: Int
    public var framesDetected: Int
    public var features: Int
    public var inputFPS: Double
    public var outputFPS: Double
    public var captureToDisplay: LatencySummary?
    public var captureToFile: LatencySummary?
    public var render: LatencySummary?
    public var detector: LatencySummary?
    public var drops: Drops
    public var queues: [String: QueueStatistics]
    /// The number of frames the run expects (a file's length or --frames), when known.
    public var expectedFrames: Int?
    /// Errors the source's decoder reported and decoded past: packets refused, frames lost or concealed,
    /// checksum mismatches. Non-zero means the recording is damaged and some frames are not as recorded.
    public var decodeErrors: Int = 0
    /// Frames the later stages read in the source's own memory (a camera's capture buffers, lent until the
    /// last stage lets go); the others were copied into host memory (every spare buffer was held, or the
    /// source copies: a recording's decoder, MJPEG).
    public var framesReadInPlace: Int = 0
    /// Frames handed to the recorder as they came, without a render: nothing applied or drawn, and already in
    /// the encoder's layout and colours (`Context.framePlanes`); the render stage still renders any preview.
    public var framesRecordedUnrendered: Int = 0
    /// On a GLES run whose frames came in dmabufs (a camera's buffers): whether their planes were imported
    /// (EGL_EXT_image_dma_buf_import, each image checked against its memory) or uploaded, and why.
    public var planeImport: String?
    /// Bytes each stage moved over the run ("capture", "render", "display", "record", and "web": the JPEG
    /// encodes' input): what the CPU copied or converted and what went up to the GPU and back.
    public var bytes: [String: ByteTraffic] = [:]
    /// The same, a frame: each stage's bytes over the frames it handled.
    public var bytesPerFrame: [String: ByteTraffic] = [:]
    /// The web previews' figures; nil when none runs.
    public var web: WebPreviewStatistics?
    /// The MQTT publisher's figures; nil when the run publishes nothing.
    public var publish: PublishStatistics?
}

/// Milliseconds: median, 99th percentile, mean, maximum, and how many samples.
public struct LatencySummary: Sendable, Codable, Equatable {
    public var p50: Double
    public var p99: Double
    public var mean: Double
    public var max: Double
    public var samples: Int
}
