#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why memory sized by a picture or a plan could not be had. Swift's arrays trap when the system refuses
/// them, so the big allocations (pixel buffers, a render's intermediates) ask the C allocator first and
/// turn a refusal into this error, naming what was being made and its size.
///
///     catch let error as AllocationError { print(error) }   // "cannot allocate 11719 MiB for the 64000×48000 render output: …"
public enum AllocationError: Error, Equatable, CustomStringConvertible {
    /// The system refused `bytes` for `what`: no memory left, or an address-space limit (`ulimit -v`).
    case outOfMemory(what: String, bytes: Int)
    /// `what`'s byte count does not fit in an `Int` (`width` × `height` × bytes per pixel overflows).
    case sizeOverflows(what: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .outOfMemory(what, bytes):
            let mebibytes = (bytes + (1 << 20) - 1) >> 20
            return
                "cannot allocate \(mebibytes) MiB for \(what): the system refused it (out of memory, or an address-space "
                + "limit such as ulimit -v); lower --max-pixels or --max-memory, or free memory"
        case let .sizeOverflows(what, width, height):
            return "cannot allocate \(what): \(width)×\(height) pixels is more bytes than this machine can address"
        }
    }
}

/// Failable allocation: whether the allocator can give a block of a size now, asked before a Swift array of
/// that size is made (an array that cannot be had aborts the process).
public enum MemoryCheck {
    /// Asks the allocator for `bytes` and gives them straight back. Large blocks are mapped on demand, so
    /// this costs a map and an unmap, not a fill; it fails where an address-space limit or the kernel's
    /// overcommit policy would make the real allocation fail.
    public static func canAllocate(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }

    /// Throws `AllocationError.outOfMemory` naming `what` when `bytes` cannot be had now.
    public static func require(_ bytes: Int, for what: @autoclosure () -> String) throws(AllocationError) {
        guard canAllocate(bytes) else { throw .outOfMemory(what: what(), bytes: bytes) }
    }
}

extension PixelBuffer {
    /// Bytes of a tightly packed buffer of this size and format, all planes; nil when the count overflows.
    public static func packedByteCount(width: Int, height: Int, format: PixelFormat) -> Int? {
        guard (0..<Int.max / 2).contains(width), (0..<Int.max / 2).contains(height) else { return nil }
        var total = 0
        for i in format.planes.indices {
            let (pw, ph) = format.planeSize(i, width: width, height: height)
            let (row, o1) = pw.multipliedReportingOverflow(by: format.planes[i].bytesPerSample)
            let (plane, o2) = row.multipliedReportingOverflow(by: ph)
            let (sum, o3) = total.addingReportingOverflow(plane)
            guard !o1, !o2, !o3 else { return nil }
            total = sum
        }
        return total
    }

    /// A tightly packed buffer like `init(width:height:format:)` (zero-filled) or, with `zeroed` false, one
    /// whose bytes the caller will all write; but the memory is asked for through the failable path first,
    /// so a size the system refuses is an `AllocationError` naming `what` instead of a trap.
    ///
    ///     let output = try PixelBuffer(checkedWidth: 64_000, height: 48_000, format: .rgba8, for: "the render output")
    public init(
        checkedWidth width: Int, height: Int, format: PixelFormat, zeroed: Bool = true,
        for what: @autoclosure () -> String
    ) throws(AllocationError) {
        guard let bytes = Self.packedByteCount(width: width, height: height, format: format) else {
            throw .sizeOverflows(what: what(), width: width, height: height)
        }
        try MemoryCheck.require(bytes, for: what())
        self =
            zeroed
            ? PixelBuffer(width: width, height: height, format: format)
            : PixelBuffer(uninitializedWidth: width, height: height, format: format)
    }
}
