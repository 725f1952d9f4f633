import IrisCore
import IrisDetect
import IrisVideo

/// Runs detectors over every frame of a recording and scores them against the clip's ground truth. The
/// detectors run through `VideoDetectors`, as in a live run: faces are tracked across frames (so the face
/// report carries tracking metrics) and QR codes are looked for again where they were (`codeMemory`). A
/// clip that did not decode cleanly says so in its report (`ClipReport.decodeErrors`, `damage`).
///
///     let report = try ClipEvaluator(detectors: [try Detector(type: .qrCode)]).evaluate(clip: path, truth: truth)
public struct ClipEvaluator {
    public var detectors: [Detector]
    public var featureOptions: FeatureOptions
    /// Scores only the first frames (all when nil); the truth's later frames are ignored.
    public var maxFrames: Int?
    /// Whether the truth lists every frame (Iris's JSON) or only those with objects (MOT, CVAT), in which case
    /// frames past its last are scored as empty rather than refused.
    public var truthListsEveryFrame = true
    /// Runs the detectors on every Nth frame only (frame 0, N, 2N…) and scores those: `iris run
    /// --detect-every N`'s schedule, and a way to sample long clips. Tracking follows the sampled frames.
    public var detectEvery = 1
    /// How QR codes read in earlier detections are looked for again (`QRCodeMemory`).
    public var codeMemory = QRCodeMemory.Settings()
    /// Called after each frame with the frames done and the frames to do (`iris eval`'s progress line).
    public var progress: ((_ done: Int, _ total: Int) -> Void)?

    public init(detectors: [Detector], featureOptions: FeatureOptions = .init(), maxFrames: Int? = nil) {
        self.detectors = detectors
        self.featureOptions = featureOptions
        self.maxFrames = maxFrames
    }

    public func evaluate(clip path: String, truth: ClipTruth) throws(EvaluationError) -> ClipReport {
        let recording: Recording
        do { recording = try Recording(path: path) } catch { throw .recording(error) }
        var scorers = detectors.map { ClipScorer(kind: $0.type) }
        var video = VideoDetectors(detectors: detectors, codeMemory: codeMemory)
        var index = 0
        let listed = truthListsEveryFrame ? truth.frames.count : Int.max
        let limit = min(maxFrames ?? listed, listed)
        while index < limit {
            let next: Frame?
            do { next = try recording.nextFrame() } catch { throw .recording(error) }
            guard let frame = next else {
                if !truthListsEveryFrame, index >= truth.frames.count { break }
                throw .clipDisagrees(
                    clip: path,
                    detail: "the clip ends after \(index) frames; the truth lists \(truth.frames.count)"
                        + Self.damage(recording))
            }
            guard frame.buffer.width == truth.width, frame.buffer.height == truth.height else {
                throw .clipDisagrees(
                    clip: path,
                    detail:
                        "frame \(index) is \(frame.buffer.width)×\(frame.buffer.height); the truth is for \(truth.width)×\(truth.height)"
                )
            }
            if index % max(detectEvery, 1) == 0 {
                let readings = video.readings(
                    in: LumaPlane(buffer: frame.buffer), frameIndex: index, options: featureOptions)
                for (slot, reading) in readings.enumerated() {
                    let features: [DetectedFeature]
                    do { features = try reading.result.get() } catch { throw .detector(error) }
                    let listed =
                        index < truth.frames.count ? truth.frames[index] : FrameTruth(frame: index, objects: [])
                    let frameTruth = Self.belowMinimumAsDontCare(
                        listed, for: reading.detector, width: truth.width, height: truth.height)
                    _ = scorers[slot].add(
                        truth: frameTruth, detections: features.map(Detection.init), milliseconds: reading.milliseconds)
                }
            }
            index += 1
            progress?(index, limit)
        }
        if maxFrames == nil, truthListsEveryFrame {
            let extra: Frame?
            do { extra = try recording.nextFrame() } catch { throw .recording(error) }
            if extra != nil {
                throw .clipDisagrees(
                    clip: path,
                    detail: "the clip has more frames than the \(truth.frames.count) its truth lists"
                        + Self.damage(recording))
            }
        }
        return ClipReport(
            clip: path, width: truth.width, height: truth.height, frames: index, detectors: scorers.map { $0.report() },
            decodeErrors: recording.decodeErrors)
    }

    /// Why a clip may have lost or gained frames: its decode errors, when it has any.
    private static func damage(_ recording: Recording) -> String {
        recording.decodeErrors > 0 ? "; the clip is damaged: \(recording.decodeErrors) decode errors" : ""
    }

    /// Objects smaller than the detector is set to report (its minimum feature size, a fraction of the
    /// picture's shorter side, against the object's box's shorter side) are "don't care": not required,
    /// and not false when found. Core Image's rectangle detector, for one, looks only for quads at least
    /// a fifth of the picture.
    static func belowMinimumAsDontCare(_ frame: FrameTruth, for detector: Detector, width: Int, height: Int)
        -> FrameTruth
    {
        let smallest = detector.effectiveMinimumFeatureSize * Double(min(width, height))
        guard smallest > 0 else { return frame }
        var frame = frame
        for i in frame.objects.indices where frame.objects[i].kind == detector.type {
            let box = frame.objects[i].box
            if min(box.width, box.height) < smallest { frame.objects[i].visibility = 0 }
        }
        return frame
    }
}
