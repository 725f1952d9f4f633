import IrisCore

/// A `Y4MReader` seen as a `RecordingReader`: the same frames, errors in `RecordingError`'s words.
///
///     let reader = try Y4MRecordingReader(path: "clip.y4m")
public final class Y4MRecordingReader: RecordingReader {
    public let reader: Y4MReader
    public var path: String { reader.path }

    /// Opens `path` ("-" for standard input).
    public init(path: String) throws(RecordingError) {
        do { reader = try Y4MReader(path: path) } catch { throw RecordingError(error) }
    }

    init(file: BufferedFileReader, name: String) throws(RecordingError) {
        do { reader = try Y4MReader(file: file, name: name) } catch { throw RecordingError(error) }
    }

    public var nominalFrameDuration: Double? {
        let rate = reader.header.frameRate
        return Double(rate.denominator) / Double(rate.numerator)
    }

    /// Counted from the file's size: the header as the file has it, then frames of "FRAME\n" and their bytes.
    public var declaredFrameCount: Int? {
        guard let size = RegularFileSize.of(reader.path) else { return nil }
        return max(0, (size - reader.firstFrameOffset) / (reader.header.frameByteCount + 6))
    }

    public func nextFrame() throws(RecordingError) -> Frame? {
        do { return try reader.nextFrame() } catch { throw RecordingError(error) }
    }

    public func rewind() throws(RecordingError) {
        do { try reader.rewind() } catch { throw RecordingError(error) }
    }
}
