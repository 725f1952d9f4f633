import IrisCore

extension StillImage {
    /// The size a PNG (its IHDR chunk) or JPEG (its frame header) declares, read without decoding any
    /// pixel; nil when the bytes are neither or end before the size.
    public static func declaredSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        func big16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        switch StillImageFormat(magicBytes: bytes) {
        case .png:
            // Signature (8), then IHDR first: length (4), "IHDR" (4), width (4), height (4).
            guard bytes.count >= 24, bytes[12..<16].elementsEqual([0x49, 0x48, 0x44, 0x52]) else { return nil }
            return (big16(16) << 16 | big16(18), big16(20) << 16 | big16(22))
        case .jpeg:
            // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision (1), height (2), width (2).
            let frame = JPEGMarkerWalk.segments(bytes).segments.first {
                (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker)
            }
            guard let payload = frame?.payload, payload.count >= 5 else { return nil }
            return (big16(payload.lowerBound + 3), big16(payload.lowerBound + 1))
        case nil:
            return nil
        }
    }

    /// Reads the still at `path` like `read(contentsOf:)`, but refuses one whose header declares more pixels
    /// than `limit` before decoding it: `PixelLimitError` naming the file, size and limit.
    public static func read(contentsOf path: String, within limit: PixelLimit) throws -> Decoded {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path) } catch { throw StillImageError.reading(path, error) }
        if let size = declaredSize(of: bytes) { try limit.check(width: size.width, height: size.height, source: path) }
        return try decode(bytes, source: path)
    }
}
