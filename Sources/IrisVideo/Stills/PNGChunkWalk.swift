/// Walks a PNG's chunk headers to tell a file that was cut short from one whose bytes are wrong.
/// libpng reports both as a failed read with a free-text message; the chunk lengths say which it was.
enum PNGChunkWalk {
    /// True when a chunk runs past the end of `bytes` or the data ends before the IEND chunk.
    static func endsEarly(_ bytes: [UInt8]) -> Bool {
        var offset = 8  // after the signature
        while offset + 8 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16
                | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let isEnd = bytes[(offset + 4)..<(offset + 8)].elementsEqual([0x49, 0x45, 0x4E, 0x44])  // "IEND"
            let next = offset + 12 + length  // length, type, data, CRC
            if next > bytes.count { return true }
            if isEnd { return false }
            offset = next
        }
        return true
    }
}
