import IrisCore

/// Conversions between `PixelBuffer`s and the tightly packed RGBA rows that libpng and TurboJPEG take.
enum PackedRGBA {
    /// Wraps decoded, tightly packed RGBA8 rows as a buffer.
    static func buffer(width: Int, height: Int, bytes: [UInt8], source: String) throws(StillImageError) -> PixelBuffer {
        do {
            return try PixelBuffer(
                width: width, height: height, format: .rgba8,
                planes: [.init(bytes: bytes, bytesPerRow: width * 4)])
        } catch {
            throw .corrupt(path: source, reason: error.description)
        }
    }

    /// The buffer's pixels as RGBA8 rows of exactly `width * 4` bytes (BGRA8 swizzled, padding dropped).
    static func rows(of buffer: PixelBuffer, destination: String, codec: StillImageFormat) throws(StillImageError)
        -> [UInt8]
    {
        guard buffer.format == .rgba8 || buffer.format == .bgra8 else {
            throw .writeFailed(
                path: destination, reason: "\(codec) encoding takes rgba8 or bgra8 pixels, not \(buffer.format)")
        }
        var packed = buffer.packedBytes
        if buffer.format == .bgra8 {
            packed.withUnsafeMutableBufferPointer { pixels in
                for i in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(i, i + 2) }
            }
        }
        return packed
    }
}
