#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import IrisCore

/// Writes a YUV4MPEG2 file: the header when opened, then one FRAME per `append`. Frames are written as
/// they come (not atomically), so a recording cut off by a crash keeps every whole frame before it.
///
///     let writer = try Y4MWriter(path: "out.y4m", header: Y4MHeader(width: 640, height: 480))
///     try writer.append(frame); try writer.close()
public final class Y4MWriter {
    public let path: String
    public let header: Y4MHeader
    public private(set) var framesWritten = 0
    private var fd: Int32
    /// Ends the waits of a FIFO output (no reader yet, or a reader that stopped reading): the latch
    /// current on the thread that made the writer.
    private let latch = StopLatch.current

    /// Creates (or replaces) `path` and writes `header`. The frame size and colour range come from the
    /// header; frames' own colorimetry is not consulted.
    public init(path: String, header: Y4MHeader) throws(Y4MError) {
        guard header.width > 0, header.height > 0 else {
            throw .writeFailed(path: path, reason: "invalid frame size \(header.width)×\(header.height)")
        }
        guard header.frameRate.numerator > 0, header.frameRate.denominator > 0 else {
            throw .writeFailed(path: path, reason: "invalid frame rate \(header.frameRate)")
        }
        // Frames arrive as 4:2:0; writing them as C422/C444 would need upsampling that invents detail.
        guard header.colorspace.chromaSubsampling == (2, 2) else {
            throw .writeFailed(
                path: path, reason: "Iris writes C420 and Cmono Y4M files, not C\(header.colorspace.rawValue)")
        }
        self.path = path
        self.header = header
        // A FIFO is written in place: its open waits for a reader, and a stop ends that wait.
        do { fd = try InterruptibleIO.openForWriting(path, latch: latch) } catch {
            switch error {
            case let .stopped(reason):
                throw .writeFailed(path: path, reason: InterruptibleIO.Failure.noReaderBeforeStop(reason))
            case let .failed(_, code):
                errno = code
                throw .writing(path, FileFailure.fromErrno("cannot create"))
            }
        }
        try write(Array(header.line.utf8))
    }

    deinit { if fd >= 0 { FileDescriptorIO.closeDescriptor(fd) } }

    /// Appends one frame: `.i420`, or `.nv12`/`.nv21` (converted to planar), of the header's size.
    public func append(_ frame: Frame) throws(Y4MError) {
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "the writer is closed") }
        let buffer = frame.buffer
        guard buffer.width == header.width, buffer.height == header.height else {
            throw .frameMismatch(
                path: path, frame: framesWritten,
                reason: "\(buffer.width)×\(buffer.height), header says \(header.width)×\(header.height)")
        }
        guard let payload = Y4MPlanes.payload(of: buffer, monochrome: header.colorspace.isMonochrome) else {
            throw .frameMismatch(
                path: path, frame: framesWritten, reason: "\(buffer.format) pixels; Y4M takes i420, nv12 or nv21")
        }
        try write(Array("FRAME\n".utf8) + payload)
        framesWritten += 1
    }

    /// Asks the disk to keep what was written so far (`fdatasync`): a power cut then loses only later frames.
    public func synchronize() { if fd >= 0 { _ = fdatasync(fd) } }

    /// Closes the file; later appends fail. Called by deinit too, where errors cannot be reported.
    public func close() throws(Y4MError) {
        guard fd >= 0 else { return }
        let result = FileDescriptorIO.closeDescriptor(fd)
        fd = -1
        guard result == 0 else { throw .writing(path, FileFailure.fromErrno("cannot close")) }
    }

    private func write(_ bytes: [UInt8]) throws(Y4MError) {
        do { try InterruptibleIO.writeAll(bytes, to: fd, latch: latch) } catch {
            switch error {
            case let .stopped(reason):
                throw .writeFailed(
                    path: path, reason: "its reader took no more data before the stop (\(reason)) ended the wait")
            case .failed: throw .writing(path, .failed(error.description))
            }
        }
    }
}
