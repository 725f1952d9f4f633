import CAV
import IrisCore

/// An encoder frame whose planes are a picture's lent memory (`BorrowedMemory`: a GLES readback's mapped pixel
/// buffer, a camera's buffer), referenced instead of copied. Each plane is a reference-counted libav buffer
/// that holds its memory: libavcodec takes the frame without copying it, and the memory is given back when
/// the last reference goes, here or inside an encoder that keeps the frame.
///
/// Only a picture already in the encoder's layout (I420 for yuv420p and yuvj420p, NV12 for nv12), every
/// plane lent, qualifies; anything else is copied or converted into the sink's own frame.
final class LentEncoderFrame {
    private var frame: UnsafeMutablePointer<AVFrame>?

    /// The frame, nil when `buffer` does not qualify (or libav cannot allocate the frame).
    init?(_ buffer: PixelBuffer, pixelFormat: AVPixelFormat) {
        let layoutMatches = RecorderPictureConverter.Destination.Layout(pixelFormat).holds(buffer.format)
        let ranges = buffer.planes.compactMap(\.borrowedRange)
        guard layoutMatches, ranges.count == buffer.planes.count, ranges.count <= 8,
            let frame = av_frame_alloc()
        else { return nil }
        self.frame = frame
        frame.pointee.width = Int32(buffer.width)
        frame.pointee.height = Int32(buffer.height)
        frame.pointee.format = pixelFormat.rawValue
        for (index, (plane, range)) in zip(buffer.planes, ranges).enumerated() {
            // libav asks for a mutable pointer; the buffer is marked read-only, and nothing writes through it.
            let start = UnsafeMutableRawPointer(mutating: range.memory.base.advanced(by: range.offset))
                .assumingMemoryBound(to: UInt8.self)
            let held = Unmanaged.passRetained(range.memory)
            guard
                let reference = av_buffer_create(
                    start, range.count, Self.release, held.toOpaque(), Int32(AV_BUFFER_FLAG_READONLY))
            else {
                held.release()
                return nil
            }
            Self.set(index, of: &frame.pointee.buf, to: reference)
            Self.set(index, of: &frame.pointee.data, to: start)
            Self.set(index, of: &frame.pointee.linesize, to: Int32(clamping: plane.bytesPerRow))
        }
    }

    /// Drops this frame's references; the memory goes back once the encoder has let go of its own.
    deinit { av_frame_free(&frame) }

    /// The frame to send to the encoder.
    var pointer: UnsafeMutablePointer<AVFrame>? { frame }

    /// libav's release of one plane's buffer: the reference to its memory that `init` took.
    private static let release: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?) -> Void = {
        opaque, _ in
        guard let opaque else { return }
        Unmanaged<BorrowedMemory>.fromOpaque(opaque).release()
    }

    /// Sets element `index` of one of AVFrame's fixed arrays (imported as tuples).
    private static func set<Tuple, Element>(_ index: Int, of tuple: inout Tuple, to value: Element) {
        withUnsafeMutableBytes(of: &tuple) { bytes in
            bytes.storeBytes(of: value, toByteOffset: index * MemoryLayout<Element>.stride, as: Element.self)
        }
    }
}
