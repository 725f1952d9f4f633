import IrisCore
import IrisDetect

/// The detectors a run uses, run one after the other on a frame's luma plane through `VideoDetectors`,
/// so faces keep their IDs and QR codes are looked for again where they were. Used from one thread at a
/// time (the pipeline's detector stage), so frames arrive in order.
///
///     var detectors = try DetectorSet(types: [.qrCode, .face], accuracy: .low)
///     let result = detectors.detect(frame, index: 0)
public struct DetectorSet: Sendable {
    public var detectors: [Detector] { video.detectors }
    public let featureOptions: FeatureOptions
    private var video: VideoDetectors
    /// The last result's features, which `follow` moves on.
    private var latest: [DetectedFeature] = []

    /// `faceOptions` (default: `options`) configure the face detector, so a run can give faces their own
    /// minimum size; `codeMemory` says how QR codes are looked for again (`QRCodeMemory`).
    public init(
        types: [DetectorType], options: DetectorOptions = DetectorOptions(accuracy: .low),
        faceOptions: DetectorOptions? = nil,
        featureOptions: FeatureOptions = FeatureOptions(), codeMemory: QRCodeMemory.Settings = .init()
    ) throws(PipelineError) {
        var made: [Detector] = []
        for type in types {
            let chosen = type == .face ? faceOptions ?? options : options
            do { made.append(try Detector(type: type, options: chosen)) } catch {
                throw .detector(type: type.rawValue, cause: ErrorCause(error))
            }
        }
        video = VideoDetectors(detectors: made, codeMemory: codeMemory)
        self.featureOptions = featureOptions
    }

    public var isEmpty: Bool { detectors.isEmpty }

    /// Every detector on `frame`; one that fails is reported in the result and the others still run.
    public mutating func detect(_ frame: Frame, index: Int) -> DetectionResult {
        let start = ContinuousClock.now
        let readings = video.readings(in: LumaPlane(buffer: frame.buffer), frameIndex: index, options: featureOptions)
        var features: [DetectedFeature] = []
        var failures: [String] = []
        for reading in readings {
            switch reading.result {
            case let .success(found): features += found
            case let .failure(error): failures.append("\(reading.detector.type.rawValue): \(error)")
            }
        }
        latest = features
        return DetectionResult(
            frameIndex: index, timestamp: frame.timestamp, width: frame.buffer.width, height: frame.buffer.height,
            features: features, milliseconds: (ContinuousClock.now - start).milliseconds, failures: failures)
    }

    /// The last result's features carried onto `frame` (`VideoDetectors.follow`): what the detector stage
    /// does between full searches.
    public mutating func follow(_ frame: Frame, index: Int) -> DetectionResult {
        let start = ContinuousClock.now
        latest = video.follow(latest, in: LumaPlane(buffer: frame.buffer), frameIndex: index, options: featureOptions)
        return DetectionResult(
            frameIndex: index, timestamp: frame.timestamp, width: frame.buffer.width, height: frame.buffer.height,
            features: latest, milliseconds: (ContinuousClock.now - start).milliseconds)
    }
}
