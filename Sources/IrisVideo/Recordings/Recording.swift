import IrisCore

/// The front door to recorded video: opens a Y4M file or anything libavformat plays (told apart by
/// content), and hands out frames as a camera would, optionally looping and paced in real time.
///
///     let recording = try Recording(path: "clip.mkv", looping: true, pacing: .realTime)
///     while let frame = try recording.nextFrame() { … }
public final class Recording: RecordingReader {
    public let path: String
    /// Whether the end of the file starts it again (timestamps and sequence numbers keep increasing).
    public let looping: Bool
    public let pacing: RecordingPacing
    /// The reader underneath: a `Y4MRecordingReader` or a `LibAVReader`.
    public let reader: any RecordingReader

    private var pacer = FramePacer()
    /// Added to the file's timestamps so that each pass continues where the last one ended.
    private var loopOffset = 0.0
    /// The file's timestamps of the last two frames read in the current pass.
    private var lastInPass: Double?
    private var previousInPass: Double?
    private var sequence = 0

    /// Seconds between the last frame of a pass and the first of the next when the file gives no rate
    /// and has a single frame: a common camera rate.
    private static let fallbackFrameDuration = 1.0 / 30

    public init(path: String, looping: Bool = false, pacing: RecordingPacing = .asFastAsPossible) throws(RecordingError) {
        self.path = path
        self.looping = looping
        self.pacing = pacing
        switch try RecordingContainer.of(path: path) {
        case .y4m: reader = try Y4MRecordingReader(path: path)
        case .libav: reader = try LibAVReader(path: path)
        }
    }

    public var nominalFrameDuration: Double? { reader.nominalFrameDuration }

    /// The next frame, with timestamps that keep increasing across loops; nil at the end of a file that
    /// does not loop (or has no frames at all).
    public func nextFrame() throws(RecordingError) -> Frame? {
        var next = try reader.nextFrame()
        if next == nil, looping, let last = lastInPass {
            // The next pass starts one frame's length after this pass's last frame.
            let measured = previousInPass.map { last - $0 }
            let gap = [reader.nominalFrameDuration, measured].compactMap { $0 }.first { $0 > 0 } ?? Self.fallbackFrameDuration
            let restartAt = last + loopOffset + gap
            lastInPass = nil; previousInPass = nil
            try reader.rewind()
            next = try reader.nextFrame()
            if let first = next?.timestamp { loopOffset = restartAt - first }
        }
        guard var frame = next else { return nil }
        previousInPass = lastInPass
        lastInPass = frame.timestamp
        frame.timestamp += loopOffset
        frame.sequence = sequence
        sequence += 1
        if pacing == .realTime { pacer.wait(for: frame.timestamp) }
        return frame
    }

    /// Back to the first frame, with timestamps and sequence numbers starting over.
    public func rewind() throws(RecordingError) {
        try reader.rewind()
        pacer.reset()
        loopOffset = 0; sequence = 0
        lastInPass = nil; previousInPass = nil
    }
}
