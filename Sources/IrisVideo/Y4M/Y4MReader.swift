import IrisCore

/// Reads a YUV4MPEG2 file, FIFO or standard input ("-") frame by frame, without loading it whole.
///
///     let reader = try Y4MReader(path: "clip.y4m")
///     while let frame = try reader.nextFrame() { … }   // .i420 buffers, timestamps from the frame rate
public final class Y4MReader {
    /// What errors name: the path, or "standard input" for "-".
    public let path: String
    public let header: Y4MHeader
    /// The index of the frame `nextFrame()` returns next (frames count from 0).
    public private(set) var nextFrameIndex = 0

    private let file: BufferedFileReader
    /// Bytes before the first FRAME line: the header as the file has it.
    let firstFrameOffset: Int

    /// Longest header line accepted; a binary file without a newline must not be read whole.
    private static let maximumHeaderLength = 4096
    /// "FRAME" plus optional per-frame parameters, which Iris ignores.
    private static let maximumFrameLineLength = 1024

    /// Opens `path` ("-" for standard input) and parses its header.
    public convenience init(path: String) throws(Y4MError) {
        let name = InputPath.name(of: path)
        let file: BufferedFileReader
        do { file = try BufferedFileReader(path: path) } catch { throw .reading(name, error) }
        try self.init(file: file, name: name)
    }

    /// Reads the header from `file` where it stands, which may hold bytes already peeked at.
    init(file: BufferedFileReader, name path: String) throws(Y4MError) {
        self.path = path
        self.file = file
        let line: BufferedFileReader.Line
        do { line = try file.readLine(maxLength: Self.maximumHeaderLength) } catch { throw .reading(path, error) }
        switch line {
        case let .line(bytes):
            header = try Y4MHeader(line: String(decoding: bytes, as: UTF8.self), source: path)
        case let .unterminated(bytes) where bytes.starts(with: Array("YUV4MPEG2".utf8)):
            throw .malformedHeader(path: path, reason: "the header line has no newline")
        case .tooLong:
            throw .malformedHeader(
                path: path, reason: "the header line is longer than \(Self.maximumHeaderLength) bytes")
        case .endOfFile, .unterminated:
            throw .badMagic(path: path)
        }
        firstFrameOffset = file.position
    }

    /// The next frame as an `.i420` buffer, or nil at the end of the file. Mono files get neutral chroma;
    /// 4:2:2 and 4:4:4 files get their chroma averaged down to 4:2:0.
    public func nextFrame() throws(Y4MError) -> Frame? {
        let index = nextFrameIndex
        let line: BufferedFileReader.Line
        do { line = try file.readLine(maxLength: Self.maximumFrameLineLength) } catch { throw .reading(path, error) }
        switch line {
        case .endOfFile:
            return nil
        case let .line(bytes) where bytes == Array("FRAME".utf8) || bytes.starts(with: Array("FRAME ".utf8)):
            break
        case let .unterminated(bytes) where Array("FRAME".utf8).starts(with: bytes):
            throw .truncatedFrame(path: path, frame: index, expectedBytes: header.frameByteCount, gotBytes: 0)
        default:
            throw .badFrameMarker(path: path, frame: index)
        }

        let (w, h) = (header.width, header.height)
        let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
        var received = 0
        let luma = try readPlane(count: w * h, frame: index, received: &received)
        let cb: [UInt8], cr: [UInt8]
        let space = header.colorspace
        if space.isMonochrome {
            cb = [UInt8](repeating: 128, count: cw * ch)
            cr = cb
        } else {
            let stored = space.chromaPlaneSize(width: w, height: h)
            let (sh, sv) = space.chromaSubsampling
            // 4:2:2 and 4:4:4 chroma is averaged down: `.i420` is the only planar layout PixelFormat has.
            let to420 = { (plane: [UInt8]) in
                Y4MChromaDownsampling.to420(
                    plane, sourceWidth: stored.width, sourceHeight: stored.height,
                    horizontal: 2 / sh, vertical: 2 / sv)
            }
            cb = to420(try readPlane(count: stored.width * stored.height, frame: index, received: &received))
            cr = to420(try readPlane(count: stored.width * stored.height, frame: index, received: &received))
        }

        let buffer: PixelBuffer
        do {
            buffer = try PixelBuffer(
                width: w, height: h, format: .i420,
                planes: [
                    .init(bytes: luma, bytesPerRow: w), .init(bytes: cb, bytesPerRow: cw),
                    .init(bytes: cr, bytesPerRow: cw)
                ])
        } catch {
            throw .malformedHeader(path: path, reason: error.description)
        }
        nextFrameIndex += 1
        return Frame(
            buffer: buffer, colorimetry: header.colorimetry,
            timestamp: header.timestamp(ofFrame: index), sequence: index)
    }

    /// Goes back to the first frame, so a clip can be played again; a pipe or FIFO cannot go back.
    public func rewind() throws(Y4MError) {
        guard file.isSeekable else { throw .cannotRewind(path: path) }
        do { try file.seek(to: firstFrameOffset) } catch { throw .reading(path, error) }
        nextFrameIndex = 0
    }

    /// Reads one plane of `count` bytes; a short read means the file ended inside the frame.
    private func readPlane(count: Int, frame: Int, received: inout Int) throws(Y4MError) -> [UInt8] {
        var plane = [UInt8](repeating: 0, count: count)
        let result = plane.withUnsafeMutableBytes { raw in
            Result { () throws(FileFailure) in try file.read(into: raw) }
        }
        let got: Int
        do { got = try result.get() } catch { throw .reading(path, error) }
        received += got
        guard got == count else {
            throw .truncatedFrame(path: path, frame: frame, expectedBytes: header.frameByteCount, gotBytes: received)
        }
        return plane
    }
}
