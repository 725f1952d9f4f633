import IrisCore
import IrisFilters

/// The frames and chains the benchmarks time: a deterministic NV12 (and YUYV) test pattern in BT.709 video
/// range, the five-filter colour chain `iris bench` reports, and longer colour chains for the cube rows.
///
///     let chain = try BenchFrames.fiveColorFilters(Image(frame: BenchFrames.testFrame(width: 1920, height: 1080)))
public enum BenchFrames {
    public static func testFrame(width: Int, height: Int) -> Frame {
        var b = PixelBuffer(width: width, height: height, format: .nv12)
        for r in 0..<height { for x in 0..<width { b.planes[0].bytes[r * width + x] = UInt8(16 + (x + r) % 220) } }
        for i in stride(from: 0, to: b.planes[1].byteCount, by: 2) {
            b.planes[1].bytes[i] = UInt8(64 + i % 128)
            b.planes[1].bytes[i + 1] = UInt8(200 - i % 128)
        }
        return Frame(buffer: b, colorimetry: Colorimetry(matrix: .bt709, range: .video))
    }

    /// The test frame's pattern as packed 4:2:2 (YUYV), BT.601 video range.
    public static func packedFrame(width: Int, height: Int) -> Frame {
        var b = PixelBuffer(width: width, height: height, format: .yuyv)
        let stride = b.planes[0].bytesPerRow
        for r in 0..<height {
            for pair in 0..<(width / 2) {
                let o = r * stride + pair * 4
                b.planes[0].bytes[o] = UInt8(16 + (2 * pair + r) % 220)
                b.planes[0].bytes[o + 2] = UInt8(16 + (2 * pair + 1 + r) % 220)
                b.planes[0].bytes[o + 1] = UInt8(64 + (2 * pair) % 128)
                b.planes[0].bytes[o + 3] = UInt8(200 - (2 * pair) % 128)
            }
        }
        return Frame(buffer: b, colorimetry: .default)
    }

    public static func fiveColorFilters(_ image: Image, exposure: Double = 0.3) throws -> Image {
        try image
            .applyingFilter(.sepiaTone(intensity: 0.5))
            .applyingFilter(.hueAdjust(angle: 0.4))
            .applyingFilter(.colorControls(saturation: 1.2, brightness: 0.02, contrast: 1.1))
            .applyingFilter(.exposureAdjust(ev: exposure))
            .applyingFilter(.vibrance(amount: 0.4))
    }

    /// `count` colour filters, cycling through the five of the main chain with gentler settings.
    public static func colorFilters(_ count: Int, _ image: Image) throws -> Image {
        var out = image
        for i in 0..<count {
            switch i % 5 {
            case 0: out = try out.applyingFilter(.sepiaTone(intensity: 0.2))
            case 1: out = try out.applyingFilter(.hueAdjust(angle: 0.1))
            case 2: out = try out.applyingFilter(.colorControls(saturation: 1.05, brightness: 0, contrast: 1.02))
            case 3: out = try out.applyingFilter(.exposureAdjust(ev: 0.05))
            default: out = try out.applyingFilter(.vibrance(amount: 0.1))
            }
        }
        return out
    }
}
