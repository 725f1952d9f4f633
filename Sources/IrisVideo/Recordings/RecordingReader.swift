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
}
