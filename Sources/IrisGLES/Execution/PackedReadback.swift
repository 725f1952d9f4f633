import CEGL
import IrisCore

/// A render whose encoder planes (and picture, when kept) are being read into a pixel buffer object: the
/// planes one after another, rows padded as `EncoderPlanes` pads them, then the picture's rows.
struct PackedReadback {
    let buffer: GLuint
    let byteCount: Int
    let fence: GLsync?
    let encoding: EncoderPlanes
    let width: Int, height: Int
    /// Where the picture starts in the buffer, and its format, when it was kept.
    let picture: (offset: Int, format: PixelFormat)?

    /// Where each plane starts in the buffer, and the bytes the planes take (the picture's offset).
    static func planeOffsets(_ encoding: EncoderPlanes, width: Int, height: Int) -> (offsets: [Int], end: Int) {
        var offsets: [Int] = [], end = 0
        for index in encoding.pixelFormat.planes.indices {
            offsets.append(end)
            let rows = encoding.pixelFormat.planeSize(index, width: width, height: height).height
            end += encoding.bytesPerRow(plane: index, width: width) * rows
        }
        return (offsets, end)
    }

    /// Waits for the readback and maps the buffer: the planes (and picture) borrow the mapped bytes, read in
    /// place with no copy, and `giveBack` runs once the last of them is let go (it must unmap the buffer on
    /// the GL thread: `PixelPackBuffers.unmapAndGive`).
    func collect(_ packs: PixelPackBuffers, giveBack: @escaping @Sendable () -> Void) throws(RenderError)
        -> EncodedRender
    {
        let base = try packs.map(buffer, byteCount: byteCount, fence: fence)
        let memory = BorrowedMemory(
            base: base, count: byteCount, lender: "GL readback buffer \(buffer)", giveBack: giveBack)
        let format = encoding.pixelFormat
        let offsets = Self.planeOffsets(encoding, width: width, height: height).offsets
        let planes = offsets.enumerated().map { index, offset in
            let bytesPerRow = encoding.bytesPerRow(plane: index, width: width)
            let rows = format.planeSize(index, width: width, height: height).height
            return PixelBuffer.Plane(
                borrowing: memory, offset: offset, count: bytesPerRow * rows, bytesPerRow: bytesPerRow)
        }
        do {
            let encoded = try PixelBuffer(width: width, height: height, format: format, planes: planes)
            let kept = try picture.map { picture in
                try PixelBuffer(
                    width: width, height: height, format: picture.format,
                    planes: [
                        PixelBuffer.Plane(
                            borrowing: memory, offset: picture.offset, count: width * 4 * height,
                            bytesPerRow: width * 4)
                    ])
            }
            return EncodedRender(picture: kept, planes: encoded)
        } catch {
            // The layout comes from the formats' own geometry, which the checked init verifies.
            preconditionFailure("a readback's planes do not fit their own geometry: \(error)")
        }
    }

    /// Lets the buffer go unread.
    func discard(_ packs: PixelPackBuffers) {
        packs.give(buffer, byteCount: byteCount, fence: fence)
    }
}
