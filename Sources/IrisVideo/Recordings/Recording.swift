import IrisCore

/// The front door to recorded video: opens a Y4M file or anything libavformat plays (told apart by
/// content), or headerless raw frames of a given format, and hands out frames as a camera would,
/// optionally looping and paced in real time. "-" reads standard input; a FIFO works as any path does,
/// but a stream must be Y4M or raw (MP4/MKV need a file), and only a file can loop or rewind.
///
///     let recording = try Recording(path: "clip.mkv", looping: true, pacing: .realTime)
///     while let frame = try recording.nextFrame() { … }
public final class Recording: RecordingReader {
    /// The path as given: "-" for standard input. Errors name `reader.path` ("standard input" for "-").
    public let path: String
    /// Whether the end of the file starts it again (timestamps and sequence numbers keep increasing).
    public let looping: Bool
    public let pacing: RecordingPacing
    /// The reader underneath: a `Y4MRecordingReader`, a `LibAVReader` or a `RawVideoReader`.
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

    /// Opens a Y4M or libavformat recording at `path`, or standard input for "-".
    public convenience init(path: String, looping: Bool = false, pacing: RecordingPacing = .asFastAsPossible)
        throws(RecordingError)
    {
        let name = InputPath.name(of: path)
        let file = try Self.open(path, name: name)
        let reader: any RecordingReader
        switch try RecordingContainer.of(file, name: name) {
        case .y4m:
            reader = try Y4MRecordingReader(file: file, name: name)
        case .libav:
            // libavformat opens by name and seeks, so it needs a file, not a stream.
            guard file.isSeekable else { throw .unsupportedStream(path: name) }
            reader =
                path == InputPath.standardInput
                ? try LibAVReader(reopening: file, name: name) : try LibAVReader(path: path)
        }
        try self.init(path: path, reader: reader, canRewind: file.isSeekable, looping: looping, pacing: pacing)
    }

    /// Reads headerless frames of `format` from `rawPath` ("-" for standard input), e.g. the output of
    /// `rpicam-vid --codec yuv420 -o -`. A Y4M stream or a container there is `.notRawFrames`.
    public convenience init(
        rawPath path: String, format: RawVideoFormat, looping: Bool = false,
        pacing: RecordingPacing = .asFastAsPossible
    ) throws(RecordingError) {
        let name = InputPath.name(of: path)
        let file = try Self.open(path, name: name)
        // A Y4M stream or a container read as raw bytes gives noise and then a truncation: refuse it now.
        if let container = try RecordingContainer.signature(of: file, name: name) {
            throw .notRawFrames(path: name, container: container)
        }
        let reader = try RawVideoReader(file: file, name: name, format: format)
        try self.init(path: path, reader: reader, canRewind: file.isSeekable, looping: looping, pacing: pacing)
    }

    private init(
        path: String, reader: any RecordingReader, canRewind: Bool, looping: Bool,
        pacing: RecordingPacing
    ) throws(RecordingError) {
        // Refused now rather than after a whole stream has played.
        if looping, !canRewind { throw .cannotRewind(path: reader.path) }
        self.path = path
        self.reader = reader
        self.looping = looping
        self.pacing = pacing
    }

    /// What `path` holds when it starts like a Y4M stream or a container ("an MP4/MOV recording"), nil when
    /// its first bytes match no signature (raw frames, or something that is no recording). Reads the start
    /// of the file, so a stream's bytes are consumed: for refusing options, not before playing.
    public static func signature(ofFileAt path: String) throws(RecordingError) -> String? {
        let name = InputPath.name(of: path)
        return try RecordingContainer.signature(of: try open(path, name: name), name: name)
    }

    private static func open(_ path: String, name: String) throws(RecordingError) -> BufferedFileReader {
        do { return try BufferedFileReader(path: path) } catch { throw .reading(name, error) }
    }

    public var nominalFrameDuration: Double? { reader.nominalFrameDuration }
    /// Errors the decoder reported and decoded past (see `RecordingReader.decodeErrors`): 0 when clean.
    public var decodeErrors: Int { reader.decodeErrors }

    /// What a folder's recordings are called, for commands that read every recording in a folder; a file
    /// named outright is read whatever its name, by content.
    public static let folderExtensions: Set<String> = ["y4m", "mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "nut"]

    /// The next frame, with timestamps that keep increasing across loops; nil at the end of a file that
    /// does not loop. A recording with no frames at all is `.noFrames`, looping or not.
    public func nextFrame() throws(RecordingError) -> Frame? {
        var next = try reader.nextFrame()
        if next == nil, looping, let last = lastInPass {
            // The next pass starts one frame's length after this pass's last frame.
            let measured = previousInPass.map { last - $0 }
            let gap =
                [reader.nominalFrameDuration, measured].compactMap { $0 }.first { $0 > 0 } ?? Self.fallbackFrameDuration
            let restartAt = last + loopOffset + gap
            lastInPass = nil
            previousInPass = nil
            try reader.rewind()
            next = try reader.nextFrame()
            if let first = next?.timestamp { loopOffset = restartAt - first }
        }
        guard var frame = next else {
            // Nothing at all, not even on a first pass: say so rather than end as if it had played.
            if sequence == 0 { throw .noFrames(path: reader.path) }
            return nil
        }
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
        loopOffset = 0
        sequence = 0
        lastInPass = nil
        previousInPass = nil
    }
}
