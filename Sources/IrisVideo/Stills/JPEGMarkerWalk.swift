/// Walks a JPEG's marker segments up to the first scan. Used to find APP1 (EXIF) segments and to tell
/// a file that was cut short from one whose bytes are wrong, which TurboJPEG reports alike.
enum JPEGMarkerWalk {
    /// A segment's marker (the byte after 0xFF) and the range of its payload, length field excluded.
    struct Segment {
        let marker: UInt8
        let payload: Range<Int>
    }

    /// The header segments in file order, stopping at the first SOS (start of scan).
    /// `endsEarly` is true when a segment runs past the end of `bytes` or no scan begins.
    static func segments(_ bytes: [UInt8]) -> (segments: [Segment], scanStart: Int?, endsEarly: Bool) {
        var found: [Segment] = []
        var offset = 2  // after SOI
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return (found, nil, false) }  // not a marker: corrupt, not short
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill byte before a marker
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                offset += 2
                continue
            }  // no length field
            if marker == 0xD9 { return (found, nil, false) }  // EOI before any scan
            guard offset + 4 <= bytes.count else { return (found, nil, true) }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return (found, nil, false) }
            let end = offset + 2 + length
            guard end <= bytes.count else { return (found, nil, true) }
            found.append(Segment(marker: marker, payload: (offset + 4)..<end))
            if marker == 0xDA { return (found, end, false) }
            offset = end
        }
        return (found, nil, true)
    }

    /// True when the data ends before the image does: a header cut short, or no EOI marker after the
    /// first scan (entropy-coded data never contains 0xFF 0xD9, since a coded 0xFF is followed by 0x00).
    static func endsEarly(_ bytes: [UInt8]) -> Bool {
        let walk = segments(bytes)
        if walk.endsEarly { return true }
        guard let scanStart = walk.scanStart else { return false }
        var i = scanStart
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF && bytes[i + 1] == 0xD9 { return false }
            i += 1
        }
        return true
    }

    /// True when the frame header's coding is Huffman (SOF0–SOF3, SOF5–SOF7), where every 8×8 luma block
    /// costs at least one bit of scan data; arithmetic coding (SOF9 and up) can spend less.
    static func isHuffmanCoded(_ bytes: [UInt8]) -> Bool {
        segments(bytes).segments.contains { (0xC0...0xC7).contains($0.marker) && $0.marker != 0xC4 }
    }
}
