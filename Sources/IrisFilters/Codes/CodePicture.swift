import IrisCore

extension PixelBuffer {
    /// An opaque black-on-white RGBA8 picture of a code: pixel (x, row), row 0 at the top, is black where
    /// `isDark(x, row)`. The barcode generators draw their symbols with it.
    static func codePicture(width: Int, height: Int, isDark: (_ x: Int, _ row: Int) -> Bool) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .rgba8)
        let stride = buffer.planes[0].bytesPerRow
        buffer.planes[0].bytes.withUnsafeMutableBufferPointer { bytes in
            for row in 0..<height {
                for x in 0..<width {
                    let o = row * stride + x * 4
                    let v: UInt8 = isDark(x, row) ? 0 : 255
                    bytes[o] = v
                    bytes[o + 1] = v
                    bytes[o + 2] = v
                    bytes[o + 3] = 255
                }
            }
        }
        return buffer
    }
}
