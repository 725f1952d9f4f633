import Foundation
import IrisCore
import IrisDetect
import IrisVideo
import Synchronization

/// A running pipeline as an outside viewer sees it: the newest rendered frame (overlays included), JPEG-encoded
/// once a frame for every viewer and only while someone watches; each detection result as it happens; the
/// run's metrics; and its filter chain, which controls may change while it runs. The pipeline makes one
/// when it has `PreviewServer`s and hands it to each.
///
///     let subscription = view.frames.subscribe { frame in send(frame.jpeg) }
public final class LiveView: Sendable {
    /// Every frame rendered while someone subscribes, then the "no signal" frame when the run ends.
    public let frames = LiveFeed<LiveFrame>()
    /// Every detection result, as the `--events` line for it.
    public let detections = LiveFeed<LiveDetection>()
    /// Tracked objects' lifecycle events (`new`, `update`, `end`), every `new` with its `end`.
    public let objectEvents = LiveFeed<ObjectEvent>()
    /// Published once, with the reason, when the run has ended (after the last frame and the last object's end).
    public let ended = LiveFeed<String>()
    /// The camera's name, as the events carry it.
    public let cameraName: String
    /// The running filter chain.
    public let chain: LiveChain
    /// The JPEG quality of streamed frames and snapshots (libjpeg-turbo; 4:2:0 below 90).
    public let quality: Int

    private struct Latest {
        var picture: PixelBuffer?
        var index = -1
        var captureTime = 0.0
        var jpeg: LiveFrame?
        var endReason: String?
        /// Frames the stream may still send now: one more each 1/maximumFrameRate seconds, at most 1.5, so a
        /// frame that comes a little early (a camera's jitter) is not dropped and a fast file is paced.
        var credit = 1.0
        var lastOffer: ContinuousClock.Instant?
    }
    private let latest = Mutex(Latest())
    private let metrics: PipelineMetrics
    private let report: @Sendable () -> MetricsReport
    private let coordinates: CoordinateConvention

    /// The most frames a second streamed: frames above it are kept for snapshots but not encoded.
    public let maximumFrameRate: Double

    private let detecting: Atomic<Bool>

    init(
        chain: LiveChain, metrics: PipelineMetrics, coordinates: CoordinateConvention, quality: Int = 80,
        maximumFrameRate: Double = 30, cameraName: String = "iris", report: @escaping @Sendable () -> MetricsReport
    ) {
        self.chain = chain
        self.metrics = metrics
        self.coordinates = coordinates
        self.quality = quality
        self.report = report
        self.cameraName = cameraName
        detecting = Atomic(true)
        self.maximumFrameRate = maximumFrameRate
        metrics.update { $0.web = WebCounters() }
    }

    /// Whether the detectors run (a command may pause them: `detect/set OFF`); while off, every frame is
    /// rendered without new results and the objects end as they would when gone.
    public var detectionEnabled: Bool {
        get { detecting.load(ordering: .relaxed) }
        set { detecting.store(newValue, ordering: .relaxed) }
    }

    /// Changes the publisher's figures (`MetricsSnapshot.publish`).
    public func updatePublishStatistics(_ change: (inout PublishStatistics) -> Void) {
        metrics.update { m in
            var statistics = m.publish ?? PublishStatistics()
            change(&statistics)
            m.publish = statistics
        }
    }

    /// The run's figures now, as `--metrics` writes them.
    public var metricsReport: MetricsReport { report() }

    /// Why the run ended, once it has.
    public var endReason: String? { latest.withLock { $0.endReason } }

    /// The newest frame as JPEG (encoded now when no viewer had it encoded); nil before the first frame.
    public func snapshotJPEG() -> LiveFrame? {
        count(.snapshot)
        return currentJPEG()
    }

    /// The newest frame as JPEG, as a stream's first frame (not counted as a snapshot).
    public func currentJPEG() -> LiveFrame? {
        let (picture, index, time, cached) = latest.withLock { ($0.picture, $0.index, $0.captureTime, $0.jpeg) }
        if let cached, cached.index == index { return cached }
        guard let picture else { return nil }
        return encode(picture, index: index, captureTime: time, noSignal: false)
    }

    /// The newest frame as PNG (lossless); nil before the first frame.
    public func snapshotPNG() -> [UInt8]? {
        count(.snapshot)
        guard let picture = latest.withLock({ $0.picture }) else { return nil }
        return try? PNGCodec.encode(picture)
    }

    /// What a preview server counts in `WebPreviewStatistics`.
    public enum Event: Sendable {
        case viewerJoined, viewerLeft, viewerDropped, eventStreamOpened, eventStreamClosed
        /// A frame handed to a viewer's socket, with the frame's capture time (seconds since 1970).
        case frameSent(bytes: Int, captureTime: Double)
        case frameSkipped
        case snapshot, unauthorized
        case controlChanged, controlRefused
    }

    public func count(_ event: Event) {
        metrics.update { m in
            guard var w = m.web?.statistics else { return }
            switch event {
            case .viewerJoined:
                w.viewers += 1
                w.viewersServed += 1
                w.viewersPeak = max(w.viewersPeak, w.viewers)
            case .viewerLeft: w.viewers = max(0, w.viewers - 1)
            case .viewerDropped: w.viewersDropped += 1
            case .eventStreamOpened: w.eventStreams += 1
            case .eventStreamClosed: w.eventStreams = max(0, w.eventStreams - 1)
            case let .frameSent(bytes, captureTime):
                w.framesSent += 1
                w.bytesSent += bytes
                m.web?.captureToSent.add(max(0, (Date().timeIntervalSince1970 - captureTime) * 1000))
            case .frameSkipped: w.framesSkipped += 1
            case .snapshot: w.snapshots += 1
            case .unauthorized: w.unauthorized += 1
            case .controlChanged: w.controlChanges += 1
            case .controlRefused: w.controlRefused += 1
            }
            m.web?.statistics = w
        }
    }

    // MARK: - Fed by the pipeline

    /// A rendered frame: kept as the newest, and encoded and sent when someone watches the stream and the
    /// frame rate allows.
    func offer(_ picture: PixelBuffer, index: Int, arrival: ContinuousClock.Instant) {
        let captureTime = Date().timeIntervalSince1970 - PipelineMetrics.seconds(ContinuousClock.now - arrival)
        let now = ContinuousClock.now, rate = maximumFrameRate
        let due = latest.withLock { s -> Bool in
            s.picture = picture
            s.index = index
            s.captureTime = captureTime
            if let last = s.lastOffer { s.credit = min(1.5, s.credit + PipelineMetrics.seconds(now - last) * rate) }
            s.lastOffer = now
            guard s.credit >= 0.75 else { return false }
            s.credit -= 1
            return true
        }
        guard due, frames.isWatched,
            let frame = encode(picture, index: index, captureTime: captureTime, noSignal: false)
        else { return }
        latest.withLock { if $0.index == index { $0.jpeg = frame } }
        frames.publish(frame)
    }

    /// A detection result, as its events line, when someone watches.
    func offer(_ result: DetectionResult) {
        guard detections.isWatched, let json = try? EventsWriter.line(for: result, coordinates: coordinates) else {
            return
        }
        detections.publish(
            LiveDetection(json: json, frameIndex: result.frameIndex, featureCount: result.features.count))
    }

    /// A tracked object's lifecycle event.
    func offer(_ event: ObjectEvent) { objectEvents.publish(event) }

    /// The run has ended: every viewer gets the "no signal" frame, then the end.
    func end(reason: String) {
        let (width, height, index) = latest.withLock { s in (s.picture?.width ?? 640, s.picture?.height ?? 480, s.index)
        }
        let picture = NoSignalPicture.make(width: width, height: height)
        latest.withLock {
            $0.picture = picture
            $0.index = index + 1
            $0.endReason = reason
            $0.jpeg = nil
        }
        if let frame = encode(picture, index: index + 1, captureTime: Date().timeIntervalSince1970, noSignal: true) {
            latest.withLock { $0.jpeg = frame }
            frames.publish(frame)
        }
        ended.publish(reason)
    }

    private func encode(_ picture: PixelBuffer, index: Int, captureTime: Double, noSignal: Bool) -> LiveFrame? {
        let start = ContinuousClock.now
        guard let jpeg = try? JPEGCodec.encode(picture, quality: quality) else { return nil }
        let ms = PipelineMetrics.milliseconds(ContinuousClock.now - start)
        let converted = picture.planes.reduce(0) { $0 + $1.byteCount }
        metrics.update { m in
            m.web?.statistics.framesEncoded += 1
            m.web?.encode.add(ms)
            m.traffic["web", default: ByteTraffic()] += ByteTraffic(cpuConverted: converted)
        }
        return LiveFrame(
            jpeg: jpeg, index: index, width: picture.width, height: picture.height,
            captureTime: captureTime, isNoSignal: noSignal)
    }
}
