/// Pixels in memory: one or more planes, rows top to bottom (memory order, as cameras and files deliver
/// them). A value type; copying shares storage until written.
///
///     var buffer = PixelBuffer(width: 64, height: 48, format: .rgba8)
///     buffer.planes[0].bytes[0] = 255
public struct PixelBuffer: Sendable, Equatable {
    /// One plane's bytes: an array in host memory, or a range of memory lent by a device (`BorrowedMemory`),
    /// read in place. Reading `bytes` of a borrowed plane copies it; the renderers, the uploader and the
    /// encoders read through `withUnsafeBufferPointer` instead. Writing makes the plane a host array.
    public struct Plane: Sendable, Equatable {
        private enum Storage: Sendable {
            case host([UInt8])
            case borrowed(BorrowedMemory, offset: Int, count: Int)
        }

        private var storage: Storage
        public var bytesPerRow: Int

        public init(bytes: [UInt8], bytesPerRow: Int) {
            storage = .host(bytes)
            self.bytesPerRow = bytesPerRow
        }

        /// `count` bytes of `memory` from `offset`, read in place; the plane keeps the memory lent while it lives.
        public init(borrowing memory: BorrowedMemory, offset: Int, count: Int, bytesPerRow: Int) {
            precondition(offset >= 0 && count >= 0 && offset + count <= memory.count, "plane outside the lent memory")
            storage = .borrowed(memory, offset: offset, count: count)
            self.bytesPerRow = bytesPerRow
        }

        /// The plane's bytes as an array (a copy when the plane is borrowed).
        public var bytes: [UInt8] {
            get {
                switch storage {
                case .host(let bytes): return bytes
                case .borrowed: return withUnsafeBufferPointer { Array($0) }
                }
            }
            set { storage = .host(newValue) }
            _modify {
                var array: [UInt8]
                switch storage {
                case .host(let bytes): array = bytes
                case .borrowed: array = withUnsafeBufferPointer { Array($0) }
                }
                // Leave no second reference behind, so writing through the yield does not copy the array.
                storage = .host([])
                defer { storage = .host(array) }
                yield &array
            }
        }

        public var byteCount: Int {
            switch storage {
            case .host(let bytes): return bytes.count
            case .borrowed(_, _, let count): return count
            }
        }

        /// The memory this plane reads in place, nil for a host array.
        public var borrowedMemory: BorrowedMemory? {
            if case .borrowed(let memory, _, _) = storage { return memory }
            return nil
        }

        /// Where a borrowed plane's bytes lie in its memory, nil for a host array: for a consumer that keeps
        /// referring to them past one call (an encoder's reference-counted frame), holding `memory` for as long.
        public var borrowedRange: (memory: BorrowedMemory, offset: Int, count: Int)? {
            if case .borrowed(let memory, let offset, let count) = storage { return (memory, offset, count) }
            return nil
        }

        /// Calls `body` with the plane's bytes where they lie, without copying.
        public func withUnsafeBufferPointer<R, E>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
            switch storage {
            case .host(let bytes):
                // Array's closure-taking methods rethrow untyped errors; carry the typed one through a Result.
                let result: Result<R, E> = bytes.withUnsafeBufferPointer { pointer in
                    do throws(E) { return .success(try body(pointer)) } catch { return .failure(error) }
                }
                return try result.get()
            case .borrowed(let memory, let offset, let count):
                let start = memory.base.advanced(by: offset).assumingMemoryBound(to: UInt8.self)
                return try withExtendedLifetime(memory) { () throws(E) -> R in
                    try body(UnsafeBufferPointer(start: start, count: count))
                }
            }
        }

        /// Calls `body` with the plane's bytes where they lie, without copying.
        public func withUnsafeBytes<R, E>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
            try withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(E) -> R in
                try body(UnsafeRawBufferPointer(bytes))
            }
        }

        public static func == (a: Plane, b: Plane) -> Bool {
            a.bytesPerRow == b.bytesPerRow
                && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.elementsEqual(y) } }
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
            guard plane.bytesPerRow >= rowBytes, plane.byteCount >= plane.bytesPerRow * (ph - 1) + rowBytes else {
                throw .planeTooSmall(
                    format: format, plane: i, needed: plane.bytesPerRow * (ph - 1) + rowBytes, got: plane.byteCount)
            }
        }
        self.width = width
        self.height = height
        self.format = format
        self.planes = planes
    }

    /// Bytes of the planes that live in host memory: what reading this buffer copied, for the traffic counters
    /// (a plane borrowed from a device's memory adds nothing).
    public var hostByteCount: Int { planes.reduce(0) { $0 + ($1.borrowedMemory == nil ? $1.byteCount : 0) } }

    /// Bytes of all planes, rows packed, in plane order (the Y4M / raw-frame layout).
    public var packedBytes: [UInt8] {
        var out: [UInt8] = []
        for (i, plane) in planes.enumerated() {
            let (pw, ph) = format.planeSize(i, width: width, height: height)
            let rowBytes = pw * format.planes[i].bytesPerSample
            plane.withUnsafeBufferPointer { bytes in
                if plane.bytesPerRow == rowBytes {
                    out += bytes.prefix(rowBytes * ph)
                    return
                }
                for r in 0..<ph { out += bytes[(r * plane.bytesPerRow)..<(r * plane.bytesPerRow + rowBytes)] }
            }
        }
        return out
    }

    /// The 4 channels of an RGBA8/BGRA8 pixel in R, G, B, A order; `row` counts from the top.
    public func rgba(x: Int, row: Int) -> SIMD4<UInt8> {
        precondition(format == .rgba8 || format == .bgra8, "rgba(x:row:) reads RGBA8/BGRA8 buffers")
        let o = row * planes[0].bytesPerRow + x * 4
        return planes[0].withUnsafeBufferPointer { p in
            format == .rgba8 ? SIMD4(p[o], p[o + 1], p[o + 2], p[o + 3]) : SIMD4(p[o + 2], p[o + 1], p[o], p[o + 3])
        }
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
