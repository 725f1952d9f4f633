#if canImport(Glibc)
    import Glibc
#endif
import IrisCore

/// Writes uncompressed I420 into a Y4M file through `Y4MWriter`. Y4M has one frame rate for the whole
/// file, so frames' own timestamps are not kept (the nominal rate is declared). Each frame is written
/// with write(2) as it comes (a SIGKILL keeps every whole frame) and synced to the disk about every second.
/// After a write failure the file is cut back to its last whole frame: it stays a valid Y4M file.
final class Y4MRecorderSink: RecorderSink {
    let path: String
    let encoderName = "rawvideo"
    private let writer: Y4MWriter
    private let converter = RecorderPictureConverter()
    private let colorimetry: Colorimetry
    private var picture: PixelBuffer
    private let writingPath: String
    private var flushPolicy = RecorderFlushPolicy()

    init(path: String, writingPath: String, width: Int, height: Int, options: RecorderOptions) throws(RecorderError) {
        self.path = path
        self.writingPath = writingPath
        colorimetry = options.effectiveColorimetry
        picture = PixelBuffer(width: width, height: height, format: .i420)
        let header = Y4MHeader(
            width: width, height: height, frameRate: .init(max(options.nominalFrameRate, 1), 1),
            colorimetry: colorimetry)
        do { writer = try Y4MWriter(path: writingPath, header: header) } catch {
            // The header may be half written: a file shorter than its header is not a recording.
            if Self.size(of: writingPath).map({ $0 < header.line.utf8.count }) ?? false {
                RecorderFiles.removeIfRegularFile(writingPath)
            }
            throw Self.recorderError(error, path: path)
        }
    }

    func append(_ buffer: PixelBuffer, ticks: Int64, duration: Int64) throws(RecorderError) -> FrameIntake {
        var converted: PixelBuffer
        let intake: FrameIntake = buffer.format == .i420 ? .copied : .converted
        if buffer.format == .i420 {
            converted = buffer
        } else {
            try convert(buffer)
            converted = picture
        }
        do { try writer.append(Frame(buffer: converted, colorimetry: colorimetry)) } catch {
            throw Self.recorderError(error, path: path)
        }
        if flushPolicy.syncDue() { writer.synchronize() }
        return intake
    }

    func flushPending() throws(RecorderError) {
        // Every frame is already in the file (write(2) per frame): only the disk is asked to keep them.
        writer.synchronize()
    }

    func finish() throws(RecorderError) {
        writer.synchronize()
        do { try writer.close() } catch { throw Self.recorderError(error, path: path) }
    }

    func salvage() -> Int? {
        try? writer.close()
        let whole =
            writer.header.line.utf8.count + writer.framesWritten * ("FRAME\n".utf8.count + writer.header.frameByteCount)
        // Cut back only (truncating a shorter file would pad it with zeros); a file of no frames goes.
        if writer.framesWritten > 0, let size = Self.size(of: writingPath), size >= whole,
            truncate(writingPath, off_t(whole)) == 0
        {
            return writer.framesWritten
        }
        RecorderFiles.removeIfRegularFile(writingPath)
        return nil
    }

    private func convert(_ buffer: PixelBuffer) throws(RecorderError) {
        // The planes leave `picture` while they are written: nested mutable accesses to one stored
        // property would overlap, and taking them out keeps each array uniquely referenced (no copy).
        let strides = picture.planes.map { Int32($0.bytesPerRow) }
        var (luma, cb, cr) = (picture.planes[0], picture.planes[1], picture.planes[2])
        picture.planes = []
        defer { picture.planes = [luma, cb, cr] }
        var failure: RecorderPictureConverter.Failure?
        luma.bytes.withUnsafeMutableBufferPointer { y in
            cb.bytes.withUnsafeMutableBufferPointer { u in
                cr.bytes.withUnsafeMutableBufferPointer { v in
                    guard let y = y.baseAddress, let u = u.baseAddress, let v = v.baseAddress else { return }
                    let destination = RecorderPictureConverter.Destination(
                        planes: [y, u, v], strides: strides, layout: .planar)
                    do throws(RecorderPictureConverter.Failure) {
                        try converter.convert(buffer, into: destination, colorimetry: colorimetry)
                    } catch { failure = error }
                }
            }
        }
        if let failure { throw .writeFailed(path: path, reason: failure.reason) }
    }

    private static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }

    /// Y4MWriter says "No space left on device" in its reason; that becomes `diskFull`.
    private static func recorderError(_ error: Y4MError, path: String) -> RecorderError {
        var reason = error.description
        if case let .writeFailed(_, why) = error { reason = why }
        if reason.contains(String(cString: strerror(ENOSPC))) { return .diskFull(path: path, reason: reason) }
        return .writeFailed(path: path, reason: reason)
    }
}
