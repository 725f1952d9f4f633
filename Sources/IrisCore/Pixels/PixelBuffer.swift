/// Pixels in memory: one or more planes, rows top to bottom (memory order, as cameras and files deliver
/// them). A value type; copying shares storage until written.
///
///     var buffer = PixelBuffer(width: 64, height: 48, format: .rgba8)
///     buffer.planes[0].bytes[0] = 255
public struct PixelBuffer: Sendable, Equatable {
    public struct Plane: Sendable, Equatable {
        public var bytes: [UInt8]
        public var bytesPerRow: Int
        public init(bytes: [UInt8], bytesPerRow: Int) {
            self.bytes = bytes
            self.bytesPerRow = bytesPerRow
        }
    }

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public var planes: [Plane]

    /// A zero-filled buffer with tightly packed rows.
    public init(width: Int, height: Int, format: PixelFormat) {
        self.width = width
        self.height = height
        self.format = format
        planes = Self.packedPlanes(width: width, height: height, format: format) { [UInt8](repeating: 0, count: $0) }
    }

    /// A buffer whose bytes are left as the allocator returns them, for a producer that writes every byte
    /// (a renderer's output, a converter's): zero-filling 8 MB for a 1080p frame costs as much as a fifth of
    /// the conversion itself.
    package init(uninitializedWidth width: Int, height: Int, format: PixelFormat) {
        self.width = width
        self.height = height
        self.format = format
        planes = Self.packedPlanes(width: width, height: height, format: format) { size in
            [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
        }
    }

    /// The format's planes with tightly packed rows, each plane's bytes made by `bytes(count)`.
    private static func packedPlanes(width: Int, height: Int, format: PixelFormat, bytes: (Int) -> [UInt8]) -> [Plane] {
        format.planes.indices.map { i in
            let (pw, ph) = format.planeSize(i, width: width, height: height)
            let row = pw * format.planes[i].bytesPerSample
            return Plane(bytes: bytes(row * ph), bytesPerRow: row)
        }
    }

    /// Wraps existing planes; throws if a plane is too small for the geometry.
    public init(width: Int, height: Int, format: PixelFormat, planes: [Plane]) throws(PixelBufferError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard planes.count == format.planes.count else {
            throw .wrongPlaneCount(format: format, expected: format.planes.count, got: planes.count)
        }
        for (i, plane) in planes.enumerated() {
            let (pw, ph) = format.planeSize(i, width: width, height: height)
            let rowBytes = pw * format.planes[i].bytesPerSample
            guard plane.bytesPerRow >= rowBytes, plane.bytes.count >= plane.bytesPerRow * (ph - 1) + rowBytes else {
                throw .planeTooSmall(
                    format: format, plane: i, needed: plane.bytesPerRow * (ph - 1) + rowBytes, got: plane.bytes.count)
            }
        }
        self.width = width
        self.height = height
        self.format = format
        self.planes = planes
    }

    /// Bytes of all planes, rows packed, in plane order (the Y4M / raw-frame layout).
    public var packedBytes: [UInt8] {
        var out: [UInt8] = []
        for (i, plane) in planes.enumerated() {
            let (pw, ph) = format.planeSize(i, width: width, height: height)
            let rowBytes = pw * format.planes[i].bytesPerSample
            if plane.bytesPerRow == rowBytes {
                out += plane.bytes.prefix(rowBytes * ph)
                continue
            }
            for r in 0..<ph { out += plane.bytes[(r * plane.bytesPerRow)..<(r * plane.bytesPerRow + rowBytes)] }
        }
        return out
    }

    /// The 4 channels of an RGBA8/BGRA8 pixel in R, G, B, A order; `row` counts from the top.
    public func rgba(x: Int, row: Int) -> SIMD4<UInt8> {
        precondition(format == .rgba8 || format == .bgra8, "rgba(x:row:) reads RGBA8/BGRA8 buffers")
        let o = row * planes[0].bytesPerRow + x * 4
        let p = planes[0].bytes
        return format == .rgba8 ? SIMD4(p[o], p[o + 1], p[o + 2], p[o + 3]) : SIMD4(p[o + 2], p[o + 1], p[o], p[o + 3])
    }
}

/// Why a set of planes cannot form a `PixelBuffer`.
public enum PixelBufferError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case wrongPlaneCount(format: PixelFormat, expected: Int, got: Int)
    case planeTooSmall(format: PixelFormat, plane: Int, needed: Int, got: Int)

    public var description: String {
        switch self {
        case let .invalidSize(w, h): return "invalid pixel buffer size \(w)×\(h)"
        case let .wrongPlaneCount(f, e, g): return "\(f) needs \(e) planes, got \(g)"
        case let .planeTooSmall(f, p, n, g): return "\(f) plane \(p) needs \(n) bytes, got \(g)"
        }
    }
}
