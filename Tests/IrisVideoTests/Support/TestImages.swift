import IrisCore

/// Pixel patterns shared by the still-image tests.
enum TestImages {
    /// RGBA8 with every channel varying and alpha from 0 to 255, including colour under zero alpha
    /// (which a premultiplying codec would lose).
    static func rgbaPattern(width: Int = 17, height: Int = 11) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                let o = row * buffer.planes[0].bytesPerRow + x * 4
                buffer.planes[0].bytes[o] = UInt8((x * 37 + row * 11) & 0xFF)
                buffer.planes[0].bytes[o + 1] = UInt8((x * 5 + row * 53) & 0xFF)
                buffer.planes[0].bytes[o + 2] = UInt8((x * row * 7 + 3) & 0xFF)
                buffer.planes[0].bytes[o + 3] = UInt8((x + row * width) * 255 / (width * height - 1))
            }
        }
        return buffer
    }

    /// An opaque smooth gradient, the kind of picture JPEG reproduces closely.
    static func smoothGradient(width: Int = 64, height: Int = 48, format: PixelFormat = .rgba8) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: format)
        for row in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / (width - 1)), g = UInt8(row * 255 / (height - 1)), b = UInt8(128)
                let o = row * buffer.planes[0].bytesPerRow + x * 4
                let pixel: [UInt8] = format == .bgra8 ? [b, g, r, 255] : [r, g, b, 255]
                buffer.planes[0].bytes.replaceSubrange(o..<(o + 4), with: pixel)
            }
        }
        return buffer
    }

    /// Deterministic noise: its JPEG has a long scan, so cutting the file in half lands inside it.
    static func noise(width: Int = 64, height: Int = 64) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .rgba8)
        var state: UInt32 = 12345
        for i in buffer.planes[0].bytes.indices {
            state = state &* 1_103_515_245 &+ 12345
            buffer.planes[0].bytes[i] = i % 4 == 3 ? 255 : UInt8(state >> 24)
        }
        return buffer
    }

    /// Largest per-channel difference between two RGBA8/BGRA8 buffers of the same size, alpha ignored.
    static func maxColorDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for row in 0..<a.height {
            for x in 0..<a.width {
                let p = a.rgba(x: x, row: row), q = b.rgba(x: x, row: row)
                for c in 0..<3 { worst = max(worst, abs(Int(p[c]) - Int(q[c]))) }
            }
        }
        return worst
    }
}
