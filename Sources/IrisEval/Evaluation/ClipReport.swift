/// One clip's scores: one report per detector, as `iris eval` prints and writes with --json.
///
///     let report = try ClipEvaluator(detectors: detectors).evaluate(clip: "Recordings/demo-640x480.mp4", truth: truth)
public struct ClipReport: Sendable, Equatable, Codable {
    /// The clip's path as given.
    public var clip: String
    public var width: Int
    public var height: Int
    public var frames: Int
    public var detectors: [DetectorReport]

    public init(clip: String, width: Int, height: Int, frames: Int, detectors: [DetectorReport]) {
        self.clip = clip; self.width = width; self.height = height; self.frames = frames; self.detectors = detectors
    }

    public func report(for kind: DetectorType) -> DetectorReport? { detectors.first { $0.kind == kind } }
}

import IrisDetect
