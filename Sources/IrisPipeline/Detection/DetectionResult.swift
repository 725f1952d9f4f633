import IrisDetect

/// What the detectors found in one frame: the features (faces with tracking IDs), in the frame's image
/// coordinates, and how long the detectors took.
///
///     for code in result.features.qrCodes { print(result.frameIndex, code.messageString) }
public struct DetectionResult: Sendable {
    /// The frame's index in the run, counting from 0.
    public let frameIndex: Int
    /// The frame's capture (or presentation) time in seconds.
    public let timestamp: Double
    public let width: Int
    public let height: Int
    public let features: [DetectedFeature]
    public let milliseconds: Double
    /// Detectors that failed on this frame, with their errors; the others' features are still here.
    public let failures: [String]

    public init(
        frameIndex: Int, timestamp: Double, width: Int, height: Int, features: [DetectedFeature],
        milliseconds: Double, failures: [String] = []
    ) {
        self.frameIndex = frameIndex
        self.timestamp = timestamp
        self.width = width
        self.height = height
        self.features = features
        self.milliseconds = milliseconds
        self.failures = failures
    }
}
