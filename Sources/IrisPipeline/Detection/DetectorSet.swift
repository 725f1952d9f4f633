import IrisCore
import IrisDetect

/// The detectors a run uses, run one after the other on a frame's luma plane, with a `FaceTracker`
/// that keeps face IDs from one detected frame to the next. Used from one thread at a time (the
/// pipeline's detector stage), so frames reach the tracker in order.
///
///     var detectors = try DetectorSet(types: [.qrCode, .face], accuracy: .low)
///     let result = detectors.detect(frame, index: 0)
public struct DetectorSet: Sendable {
    public let detectors: [Detector]
    public let featureOptions: FeatureOptions
    private var tracker = FaceTracker()
    /// The last result's features, which `follow` moves on.
    private var latest: [any Feature] = []

    /// `faceOptions` (default: `options`) configure the face detector, so a run can give faces their own
    /// minimum size.
    public init(types: [DetectorType], options: DetectorOptions = DetectorOptions(accuracy: .low), faceOptions: DetectorOptions? = nil,
                featureOptions: FeatureOptions = FeatureOptions()) throws(PipelineError) {
        var made: [Detector] = []
        for type in types {
            let chosen = type == .face ? faceOptions ?? options : options
            do { made.append(try Detector(type: type, options: chosen)) } catch { throw .detector(reason: "\(type.rawValue): \(error)") }
        }
        detectors = made
        self.featureOptions = featureOptions
    }

    public var isEmpty: Bool { detectors.isEmpty }

    /// Every detector on `frame`; one that fails is reported in the result and the others still run.
    public mutating func detect(_ frame: Frame, index: Int) -> DetectionResult {
        let start = ContinuousClock.now
        var features: [any Feature] = []
        var failures: [String] = []
        let luma = LumaPlane(buffer: frame.buffer)
        for detector in detectors {
            do { features += try detector.features(in: luma, options: featureOptions) } catch {
                failures.append("\(detector.type.rawValue): \(error)")
            }
        }
        features = tracker.track(features)
        latest = features
        return DetectionResult(frameIndex: index, timestamp: frame.timestamp, width: frame.buffer.width, height: frame.buffer.height,
                               features: features, milliseconds: (ContinuousClock.now - start).milliseconds, failures: failures)
    }

    /// The last result's faces followed onto `frame` by their landmarks alone (`Detector.following`), the
    /// other features as they were: what the detector stage does between full searches.
    public mutating func follow(_ frame: Frame, index: Int) -> DetectionResult {
        let start = ContinuousClock.now
        let luma = LumaPlane(buffer: frame.buffer)
        let faces = latest.compactMap { $0 as? FaceFeature }
        if let finder = detectors.first(where: { $0.type == .face }), !faces.isEmpty {
            // The tracker sees the moved boxes too, so the next full search matches faces where they are now.
            let followed = tracker.update(finder.following(faces, in: luma, options: featureOptions))
            latest = latest.filter { !($0 is FaceFeature) } + followed
        }
        return DetectionResult(frameIndex: index, timestamp: frame.timestamp, width: frame.buffer.width, height: frame.buffer.height,
                               features: latest, milliseconds: (ContinuousClock.now - start).milliseconds)
    }
}
