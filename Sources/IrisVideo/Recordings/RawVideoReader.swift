import IrisCore

/// Reads headerless frames of a known `RawVideoFormat` from a file, FIFO or standard input ("-").
///
///     let reader = try RawVideoReader(path: "-", format: RawVideoFormat(width: 640, height: 480, pixelFormat: .i420))
public final class RawVideoReader: RecordingReader {
    /// What errors name: the path, or "standard input" for "-".
    public let path: String
    public let format: RawVideoFormat
    private let file: BufferedFileReader
    /// Where the first frame starts, for `rewind`.
    private let firstFrameOffset: Int
    private var index = 0

    /// Opens `path` ("-" for standard input).
    public convenience init(path: String, format: RawVideoFormat) throws(RecordingError) {
        let name = InputPath.name(of: path)
        let file: BufferedFileReader
        do { file = try BufferedFileReader(path: path) } catch { throw .reading(name, error) }
        try self.init(file: file, name: name, format: format)
    }

    init(file: BufferedFileReader, name: String, format: RawVideoFormat) throws(RecordingError) {
        if let problem = format.problem { throw .invalidRawFormat(path: name, reason: problem) }
        self.path = name
        self.format = format
        self.file = file
        firstFrameOffset = file.position
    }

    public var nominalFrameDuration: Double? { 1 / format.frameRate }

    /// Counted from the file's size after the first frame's offset; nil for a stream.
    public var declaredFrameCount: Int? {
        RegularFileSize.of(path).map { max(0, ($0 - firstFrameOffset) / format.frameByteCount) }
    }

    /// The next frame, nil when the stream ends exactly between frames; a stream that ends inside a
    /// frame is `.truncated` (a writer killed mid-frame, or a size or format that does not match).
    public func nextFrame() throws(RecordingError) -> Frame? {
        let sizes = format.planeByteCounts
        var planes: [PixelBuffer.Plane] = []
        var received = 0
        for (i, size) in sizes.enumerated() {
            var bytes = [UInt8](repeating: 0, count: size)
            let got = try bytes.withUnsafeMutableBytes { raw in
                Result { () throws(FileFailure) in try file.read(into: raw) }
            }.mapError { RecordingError.reading(path, $0) }.get()
            received += got
            if received == 0 { return nil }
            guard got == size else {
                throw .truncated(
                    path: path, frame: index,
                    reason: "\(received) of \(format.frameByteCount) bytes before the end of the stream")
            }
            let (width, _) = format.pixelFormat.planeSize(i, width: format.width, height: format.height)
            planes.append(.init(bytes: bytes, bytesPerRow: width * format.pixelFormat.planes[i].bytesPerSample))
        }
        let buffer: PixelBuffer
        do {
            buffer = try PixelBuffer(
                width: format.width, height: format.height, format: format.pixelFormat, planes: planes)
        } catch {
            throw .invalidRawFormat(path: path, reason: error.description)
        }
        defer { index += 1 }
        return Frame(
            buffer: buffer, colorimetry: format.colorimetry, timestamp: Double(index) / format.frameRate,
            sequence: index)
    }

    /// Back to the first frame; a pipe, FIFO or standard input cannot go back.
    public func rewind() throws(RecordingError) {
        guard file.isSeekable else { throw .cannotRewind(path: path) }
        do { try file.seek(to: firstFrameOffset) } catch { throw .reading(path, error) }
        index = 0
    }
}
