/// How fast `Recording` hands out frames.
///
///     let recording = try Recording(path: "clip.mkv", pacing: .realTime)
public enum RecordingPacing: Sendable, Hashable {
    /// Each frame at its timestamp, measured from the first, sleeping in between, as a camera delivers.
    /// A caller that falls behind gets late frames at once; none are dropped.
    case realTime
    /// Each frame as soon as it is decoded (tests, offline rendering).
    case asFastAsPossible
}
