import IrisCore

/// Pictures for the recording tests.
enum RecordingTestPictures {
    /// An `.i420` buffer of deterministic noise: every frame differs, and lossless codecs cannot shrink it
    /// much, so cutting the file in half lands inside frame data.
    static func noise(width: Int = 32, height: Int = 24, seed: UInt32) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .i420)
        var state = seed &* 2_654_435_761 &+ 1
        for plane in buffer.planes.indices {
            for i in buffer.planes[plane].bytes.indices {
                state = state &* 1_103_515_245 &+ 12345
                buffer.planes[plane].bytes[i] = UInt8(truncatingIfNeeded: state >> 23)
            }
        }
        return buffer
    }

    /// Converts a full-range BT.601 `.i420` buffer to RGB at (x, row), nearest chroma, through the core's
    /// one definition of the matrix.
    static func rgb(of buffer: PixelBuffer, colorimetry: Colorimetry, x: Int, row: Int) -> SIMD3<Float> {
        let (m, offset) = colorimetry.rgbFromYCbCr
        let y = Float(buffer.planes[0].bytes[row * buffer.planes[0].bytesPerRow + x]) / 255
        let c = (row / 2) * buffer.planes[1].bytesPerRow + x / 2
        let cb = Float(buffer.planes[1].bytes[c]) / 255, cr = Float(buffer.planes[2].bytes[c]) / 255
        let v = SIMD3<Float>(
            m[0] * y + m[1] * cb + m[2] * cr, m[3] * y + m[4] * cb + m[5] * cr, m[6] * y + m[7] * cb + m[8] * cr)
        return (v + offset) * 255
    }
}
