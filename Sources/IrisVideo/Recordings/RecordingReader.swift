import IrisCore

/// Something that yields a recording's frames in order: `Y4MRecordingReader`, `LibAVReader`,
/// `RawVideoReader`, or the front door `Recording` that picks one and adds looping and pacing.
///
///     while let frame = try reader.nextFrame() { … }
public protocol RecordingReader: AnyObject {
    /// The file being read ("standard input" for "-"); errors name it.
    var path: String { get }
    /// Seconds between frames as the file declares them, nil when it declares none.
    var nominalFrameDuration: Double? { get }
    /// The next frame (`.i420` or `.nv12`; raw frames in their own format), or nil after the last whole frame.
    func nextFrame() throws(RecordingError) -> Frame?
    /// Goes back to the first frame.
    func rewind() throws(RecordingError)
    /// Damage the reader decoded past instead of stopping (libav's decode errors), counted over every
    /// pass; 0 means the frames so far decoded cleanly. Readers that stop at any damage (Y4M, raw) say 0.
    var decodeErrors: Int { get }
    /// How many frames the file holds, when it says (an MP4/MKV's container) or its size tells (a Y4M file, raw
    /// frames); nil for standard input, pipes and FIFOs.
    var declaredFrameCount: Int? { get }
}

extension RecordingReader {
    public var decodeErrors: Int { 0 }
    public var declaredFrameCount: Int? { nil }
}
