import IrisCore

/// An 8-bit luma picture, rows top to bottom: what every detector reads. Taken straight from a Y'CbCr
/// frame's Y plane (sharing its storage, no copy) or reduced from RGBA on the CPU.
///
///     let luma = try LumaPlane(buffer: frame.buffer)
public struct LumaPlane: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public var bytes: [UInt8]

    /// A tightly packed plane; `bytes.count` must be `width × height`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count >= width * height, "LumaPlane needs width × height bytes")
        self.width = width
        self.height = height
        self.bytesPerRow = width
        self.bytes = bytes
    }

    init(width: Int, height: Int, bytesPerRow: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.bytes = bytes
    }

    /// A uniform plane, handy for tests and as a canvas.
    public init(width: Int, height: Int, value: UInt8) {
        self.init(width: width, height: height, bytes: [UInt8](repeating: value, count: width * height))
    }

    /// The luma of any Iris pixel buffer: Y'CbCr planes are used as they are; RGB (any byte order) is
    /// reduced with BT.601 weights on the encoded values (detection needs contrast, not colorimetric accuracy).
    public init(buffer: PixelBuffer) {
        let plane = buffer.planes[0]
        switch buffer.format {
        case .nv12, .nv21, .i420:
            self.init(width: buffer.width, height: buffer.height, bytesPerRow: plane.bytesPerRow, bytes: plane.bytes)
        case .yuyv:
            self.init(
                width: buffer.width, height: buffer.height,
                bytes: Self.gather(buffer, stride: 2, offsets: (0, 0, 0), weights: (256, 0, 0)))
        case .rgba8, .bgra8, .rgb8, .bgr8, .bgrx8:
            let stride = buffer.format.planes[0].bytesPerSample
            let offsets = buffer.format.storesBlueFirst ? (2, 1, 0) : (0, 1, 2)
            self.init(
                width: buffer.width, height: buffer.height,
                bytes: Self.gather(buffer, stride: stride, offsets: offsets, weights: (77, 150, 29)))
        }
    }

    /// Weighted sum of up to three bytes of each pixel, rounded; weights sum to 256.
    private static func gather(
        _ buffer: PixelBuffer, stride: Int, offsets: (Int, Int, Int),
        weights: (Int, Int, Int)
    ) -> [UInt8] {
        let w = buffer.width, h = buffer.height, rowBytes = buffer.planes[0].bytesPerRow
        var out = [UInt8](repeating: 0, count: w * h)
        buffer.planes[0].withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = y * rowBytes
                    for x in 0..<w {
                        let p = row + x * stride
                        let sum =
                            Int(src[p + offsets.0]) * weights.0 + Int(src[p + offsets.1]) * weights.1
                            + Int(src[p + offsets.2]) * weights.2
                        dst[y * w + x] = UInt8(truncatingIfNeeded: (sum + 128) >> 8)
                    }
                }
            }
        }
        return out
    }

    /// The value at column `x`, row `y` (top-left origin), no bounds check beyond the array's.
    @inline(__always) public subscript(x: Int, y: Int) -> UInt8 { bytes[y * bytesPerRow + x] }

    /// A tightly packed copy (rows without padding).
    public var packed: LumaPlane {
        if bytesPerRow == width && bytes.count == width * height { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            out.replaceSubrange(
                (y * width)..<((y + 1) * width), with: bytes[(y * bytesPerRow)..<(y * bytesPerRow + width)])
        }
        return LumaPlane(width: width, height: height, bytes: out)
    }

    /// An RGBA8 buffer with this luma in R, G and B (for writing or annotating).
    public var rgbaBuffer: PixelBuffer {
        var buffer = PixelBuffer(width: max(width, 1), height: max(height, 1), format: .rgba8)
        let plane = packed
        for i in 0..<(width * height) {
            let v = plane.bytes[i]
            buffer.planes[0].bytes[i * 4] = v
            buffer.planes[0].bytes[i * 4 + 1] = v
            buffer.planes[0].bytes[i * 4 + 2] = v
            buffer.planes[0].bytes[i * 4 + 3] = 255
        }
        return buffer
    }
}
