import IrisCore

/// Where a frame's pixels live as it passes between stages. Each port says which kinds it carries, and the
/// graph refuses an edge whose producer may send a kind its consumer cannot take, so a stage never receives a
/// buffer it would have to convert behind the metrics' back (conversions happen in the renderers, counted).
///
///     BufferKind.of(frame.buffer)   // .dmabuf for a V4L2 buffer exported as a dmabuf
enum BufferKind: String, Sendable, CaseIterable, Comparable {
    /// Arrays the process owns.
    case hostMemory = "host memory"
    /// Memory a device lends and the CPU reads in place (a V4L2 buffer, a mapped pixel buffer object).
    case deviceMemory = "mapped device memory"
    /// Device memory that is also a dmabuf, which a GPU can import without a copy.
    case dmabuf
    /// A GBM buffer on the display's card, rendered into by GLES and flipped to as it is.
    case scanout = "scanout buffer"

    /// The kind of a buffer in memory: a plane lent with a dmabuf makes the buffer a dmabuf.
    static func of(_ buffer: PixelBuffer) -> BufferKind {
        let lent = buffer.planes.compactMap(\.borrowedMemory)
        if lent.isEmpty { return .hostMemory }
        return lent.contains { $0.dmabuf != nil } ? .dmabuf : .deviceMemory
    }

    /// Every kind a CPU can read: host arrays and device memory mapped for reading, dmabufs included.
    static let readable: Set<BufferKind> = [.hostMemory, .deviceMemory, .dmabuf]

    static func < (a: BufferKind, b: BufferKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
