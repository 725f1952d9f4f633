import IrisCore

/// Detectors run over the frames of one video in order, using what earlier frames showed: faces keep
/// their IDs (`FaceTracker`) and QR codes read before are looked for again where their motion puts them
/// (`QRCodeMemory`). `iris run`, `iris eval` and `iris detect` on a recording all detect through one, so
/// what is measured is what runs.
///
///     var video = VideoDetectors(detectors: [try Detector(type: .qrCode)])
///     for (i, frame) in frames.enumerated() { let features = try video.features(in: LumaPlane(buffer: frame.buffer), frameIndex: i) }
public struct VideoDetectors: Sendable {
    /// One detector's result on one frame, and the time it took.
    public struct Reading: Sendable {
        public let detector: Detector
        public let result: Result<[DetectedFeature], DetectorError>
        public let milliseconds: Double

        /// The features, or none when the detector failed.
        public var features: [DetectedFeature] { (try? result.get()) ?? [] }
    }

    public let detectors: [Detector]
    private var tracker = FaceTracker()
    private var codes: QRCodeMemory

    public init(detectors: [Detector], codeMemory: QRCodeMemory.Settings = .init()) {
        self.detectors = detectors
        codes = QRCodeMemory(settings: codeMemory)
    }

    public var codeMemory: QRCodeMemory.Settings { codes.settings }

    /// Each detector's reading of the frame, in the detectors' order; one that fails does not stop the others.
    public mutating func readings(in luma: LumaPlane, frameIndex: Int, options: FeatureOptions = .init()) -> [Reading] {
        detectors.map { detector in
            let start = ContinuousClock.now
            let result: Result<[DetectedFeature], DetectorError>
            do throws(DetectorError) {
                switch detector.type {
                case .qrCode:
                    result = .success(
                        try codes.codes(in: luma, frameIndex: frameIndex, detector: detector, options: options)
                            .map(DetectedFeature.qrCode))
                case .face:
                    result = .success(tracker.track(try detector.features(in: luma, options: options)))
                case .rectangle, .barcode:
                    result = .success(try detector.features(in: luma, options: options))
                }
            } catch {
                result = .failure(error)
            }
            return Reading(detector: detector, result: result, milliseconds: (ContinuousClock.now - start).milliseconds)
        }
    }

    /// Every detector's features on the frame; the first failure is thrown.
    public mutating func features(in luma: LumaPlane, frameIndex: Int, options: FeatureOptions = .init())
        throws(DetectorError) -> [DetectedFeature]
    {
        var features: [DetectedFeature] = []
        for reading in readings(in: luma, frameIndex: frameIndex, options: options) {
            features += try reading.result.get()
        }
        return features
    }

    /// The last detection's features carried onto a frame that is not searched: faces followed by their
    /// landmarks alone (`Detector.following`), QR codes moved by their motion, the rest as they were.
    public mutating func follow(
        _ latest: [DetectedFeature], in luma: LumaPlane, frameIndex: Int,
        options: FeatureOptions = .init()
    ) -> [DetectedFeature] {
        var out = latest
        let faces = latest.faces
        if let finder = detectors.first(where: { $0.type == .face }), !faces.isEmpty {
            // The tracker sees the moved boxes too, so the next full search matches faces where they are now.
            let followed = tracker.update(finder.following(faces, in: luma, options: options))
            out = out.filter { $0.face == nil } + followed.map(DetectedFeature.face)
        }
        if codes.settings.isEnabled, detectors.contains(where: { $0.type == .qrCode }) {
            let moved = Dictionary(
                codes.predicted(at: frameIndex).compactMap { code in code.trackingID.map { ($0, code) } },
                uniquingKeysWith: { a, _ in a })
            out = out.map { feature in
                guard let id = feature.qrCode?.trackingID, let now = moved[id] else { return feature }
                return .qrCode(now)
            }
        }
        return out
    }
}
