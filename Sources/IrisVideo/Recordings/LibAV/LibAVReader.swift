import CAV
import IrisCore

/// Reads the video of an MP4/MOV, MKV/WebM, AVI, MPEG-TS or NUT file through libavformat and libavcodec
/// (H.264, MJPEG, FFV1 and whatever else this libavcodec decodes) as `.i420` or `.nv12` frames, with
/// presentation timestamps in seconds and the stream's colorimetry.
///
///     let reader = try LibAVReader(path: "clip.mkv"); while let frame = try reader.nextFrame() { … }
public final class LibAVReader: RecordingReader {
    public let path: String
    /// What libavformat opens, now and on each rewind: the path, or /dev/fd/N for standard input.
    private let location: String
    /// Standard input redirected from a file, held open so that rewinding reads that file even if
    /// descriptor 0 is closed or replaced meanwhile.
    private let heldOpen: BufferedFileReader?
    private var session: LibAVDecodeSession
    private let copier = LibAVPictureCopier()
    /// Frames returned in this pass; numbers frames that carry no timestamp.
    private var index = 0
    /// Decode errors of the passes before a rewind.
    private var earlierDecodeErrors = 0

    public convenience init(path: String) throws(RecordingError) {
        try self.init(location: path, name: path, heldOpen: nil)
    }

    /// Reads the seekable file behind `file` (standard input redirected from a file), naming it `name`.
    convenience init(reopening file: BufferedFileReader, name: String) throws(RecordingError) {
        try self.init(location: "/dev/fd/\(file.descriptor)", name: name, heldOpen: file)
    }

    private init(location: String, name: String, heldOpen: BufferedFileReader?) throws(RecordingError) {
        self.path = name
        self.location = location
        self.heldOpen = heldOpen
        session = try LibAVDecodeSession(location: location, path: name)
    }

    /// libavformat's name for the container, e.g. "matroska,webm".
    public var containerName: String { session.containerName }
    /// libavcodec's name for the video codec, e.g. "h264".
    public var codecName: String { session.codecName }
    public var nominalFrameDuration: Double? { session.nominalFrameDuration }
    /// The number of frames the file declares (or its duration implies); a progress estimate, not a promise.
    public var declaredFrameCount: Int? { session.declaredFrameCount }
    /// Errors libav reported while decoding, over every pass (see `LibAVDecodeErrors`): 0 for a clean file.
    public var decodeErrors: Int { earlierDecodeErrors + session.errors.total }

    public func nextFrame() throws(RecordingError) -> Frame? {
        guard let picture = try session.nextPicture() else { return nil }
        let p = picture.pointee
        let colorimetry = Colorimetry(
            libavSpace: p.colorspace != AVCOL_SPC_UNSPECIFIED ? p.colorspace : session.streamColorSpace,
            range: p.color_range != AVCOL_RANGE_UNSPECIFIED ? p.color_range : session.streamColorRange,
            pixelFormat: p.format)
        let buffer: PixelBuffer
        do { buffer = try copier.buffer(from: picture, colorimetry: colorimetry) } catch {
            throw .corrupt(path: path, frame: index, reason: error.reason)
        }
        let ticks = p.best_effort_timestamp != LibAVStatus.noTimestamp ? p.best_effort_timestamp : p.pts
        let timestamp =
            ticks != LibAVStatus.noTimestamp
            ? Double(ticks) * session.timeBase
            : Double(index) * (session.nominalFrameDuration ?? 0)
        defer { index += 1 }
        return Frame(buffer: buffer, colorimetry: colorimetry, timestamp: timestamp, sequence: index)
    }

    /// Opens the file again: a fresh demuxer and decoder, so no decoder state leaks across the loop point.
    public func rewind() throws(RecordingError) {
        earlierDecodeErrors += session.errors.total
        session = try LibAVDecodeSession(location: location, path: path)
        index = 0
    }
}
