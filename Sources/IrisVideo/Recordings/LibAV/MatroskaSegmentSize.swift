#if canImport(Glibc)
    import Glibc
#endif

/// Reads how long a Matroska file says it is: the EBML header, then the Segment's size. libavformat does
/// not expose it, and its demuxer ends a file cut inside a cluster quietly, as if it had ended there; a
/// file shorter than its Segment says was cut. A Segment of unknown size (written live, never finished:
/// a recording stopped by SIGKILL) says nothing.
///
///     MatroskaSegmentSize.declaredFileLength(ofFileAt: "clip.mkv")   // 1_685_683, or nil
enum MatroskaSegmentSize {
    private static let ebmlID: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]
    private static let segmentID: [UInt8] = [0x18, 0x53, 0x80, 0x67]

    /// The file length the Segment implies (its end), nil when the size is unknown or the start is not Matroska.
    static func declaredFileLength(ofFileAt path: String) -> Int64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { FileDescriptorIO.closeDescriptor(fd) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { raw in max(pread(fd, raw.baseAddress, raw.count, 0), 0) }
        guard count > 0 else { return nil }
        return declaredFileLength(head: Array(head.prefix(count)))
    }

    static func declaredFileLength(head: [UInt8]) -> Int64? {
        guard head.starts(with: ebmlID), let header = vint(head, at: 4), let headerSize = header.value else {
            return nil
        }
        let segmentStart = 4 + header.length + Int(clamping: headerSize)
        guard segmentStart + 4 <= head.count, Array(head[segmentStart..<segmentStart + 4]) == segmentID,
            let segment = vint(head, at: segmentStart + 4), let size = segment.value
        else { return nil }
        let (end, overflow) = Int64(segmentStart + 4 + segment.length).addingReportingOverflow(size)
        return overflow ? nil : end
    }

    /// An EBML variable-length size at `offset`: its length in bytes and value, nil for "unknown" (all ones).
    private static func vint(_ bytes: [UInt8], at offset: Int) -> (length: Int, value: Int64?)? {
        guard offset < bytes.count, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard offset + length <= bytes.count else { return nil }
        var value = Int64(bytes[offset] & (0xFF >> length))
        var allOnes = value == Int64(0xFF >> length)
        for byte in bytes[(offset + 1)..<(offset + length)] {
            value = value << 8 | Int64(byte)
            allOnes = allOnes && byte == 0xFF
        }
        return (length, allOnes ? nil : value)
    }
}
