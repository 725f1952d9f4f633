#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CAV

/// Asks libavformat what a file's first bytes look like, without opening it as a stream. Used when
/// opening fails, to tell a damaged recording (an MP4 cut before its index) from something that is no
/// recording at all.
enum LibAVProbe {
    /// How much of the file the probe reads; libavformat's own first probe reads 2 KiB, then more.
    private static let headLength = 1 << 16

    /// libavformat's name for the container the file starts like, nil when nothing matches.
    static func containerName(ofFileAt path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { FileDescriptorIO.closeDescriptor(fd) }
        // libavformat's probes may read AVPROBE_PADDING_SIZE bytes past the end; they must be zero.
        var head = [UInt8](repeating: 0, count: headLength + Int(AVPROBE_PADDING_SIZE))
        let count = head.withUnsafeMutableBytes { raw in
            (try? FileDescriptorIO.readFully(UnsafeMutableRawBufferPointer(rebasing: raw[..<headLength]), from: fd))
                ?? 0
        }
        guard count > 0 else { return nil }
        return head.withUnsafeMutableBufferPointer { buffer -> String? in
            var probe = AVProbeData()
            probe.buf = buffer.baseAddress
            probe.buf_size = Int32(count)
            var score: Int32 = 0
            guard let format = av_probe_input_format3(&probe, 1, &score), score > 0 else { return nil }
            return String(cString: format.pointee.name)
        }
    }
}
