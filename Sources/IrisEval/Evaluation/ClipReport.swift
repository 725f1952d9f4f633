import IrisDetect

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
    /// Errors the clip's decoder reported and decoded past (`Recording.decodeErrors`): non-zero means the
    /// clip is damaged and its scores measure the damage as well as the detectors.
    public var decodeErrors: Int

    public init(clip: String, width: Int, height: Int, frames: Int, detectors: [DetectorReport], decodeErrors: Int = 0)
    {
        self.clip = clip
        self.width = width
        self.height = height
        self.frames = frames
        self.detectors = detectors
        self.decodeErrors = decodeErrors
    }

    public func report(for kind: DetectorType) -> DetectorReport? { detectors.first { $0.kind == kind } }

    /// Whether the clip did not decode cleanly.
    public var isDamaged: Bool { decodeErrors > 0 }

    /// "clip.mp4: did not decode cleanly (47 decode errors) …", nil for a clean clip.
    public var damage: String? {
        guard isDamaged else { return nil }
        return
            "\(clip): did not decode cleanly (\(decodeErrors) decode error\(decodeErrors == 1 ? "" : "s"): packets or frames the "
            + "decoder refused, lost or concealed); its scores measure the damage as well as the detectors"
    }

    /// Reads reports written before `decodeErrors` existed as clean.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        clip = try c.decode(String.self, forKey: .clip)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        frames = try c.decode(Int.self, forKey: .frames)
        detectors = try c.decode([DetectorReport].self, forKey: .detectors)
        decodeErrors = try c.decodeIfPresent(Int.self, forKey: .decodeErrors) ?? 0
    }
}
