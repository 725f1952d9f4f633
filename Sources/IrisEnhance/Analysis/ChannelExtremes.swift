import IrisCore

/// Each channel's smallest and largest value anywhere in a picture (sRGB-encoded bytes), what the tone rule's
/// black and white points come from (`ToneAnalysis`). The picture is rendered to bytes a band of rows at a
/// time and scanned, so a camera frame takes the CPU renderer's direct decode: CIAreaMinimum and
/// CIAreaMaximum, the reductions this replaces, ran the span interpreter over every pixel twice, about 55 ms
/// a 1280×720 frame on two cores, which made live analysis of exact extremes too slow. A view's
/// near-extremes instead miss a photo's few highlights (docs/auto-enhance.md measures what that cost). Video
/// skips the scan when its sampled view already reaches black and white (`AutoAdjustment.toneExtremes`).
///
///     let (lo, hi) = try ChannelExtremes(image, context: context).extremes(after: .none)
struct ChannelExtremes: Equatable {
    /// Red, green, blue.
    var low: SIMD3<UInt8>, high: SIMD3<UInt8>

    /// Rows rendered at a time: bounded memory for a large still.
    static let bandRows = 256

    init(low: SIMD3<UInt8>, high: SIMD3<UInt8>) {
        self.low = low
        self.high = high
    }

    init(_ image: Image, context: Context) throws(AutoAdjustmentError) {
        let extent = image.extent
        let origin = image.transformed(by: AffineTransform(translationX: -extent.minX, y: -extent.minY))
        let width = Int(extent.width.rounded(.down)), height = Int(extent.height.rounded(.down))
        var low = SIMD3<UInt8>(repeating: 255), high = SIMD3<UInt8>(repeating: 0)
        for top in stride(from: 0, to: height, by: Self.bandRows) {
            let rows = min(Self.bandRows, height - top)
            // Image space is y-up: the band's rows top…top + rows − 1 from the top are this rectangle.
            let rect = Rect(x: 0, y: Double(height - top - rows), width: Double(width), height: Double(rows))
            let band: PixelBuffer
            do { band = try context.render(origin, rect: rect) } catch { throw .renderFailed(cause: ErrorCause(error)) }
            let (bandLow, bandHigh) = Self.scan(band)
            low = SIMD3(min(low.x, bandLow.x), min(low.y, bandLow.y), min(low.z, bandLow.z))
            high = SIMD3(max(high.x, bandHigh.x), max(high.y, bandHigh.y), max(high.z, bandHigh.z))
        }
        self.low = low
        self.high = high
    }

    /// The smallest and largest component once the white balance's `gains` (linear light) are applied,
    /// sRGB-encoded in 0…1: a positive gain per channel keeps each channel's extremes where they were.
    func extremes(after gains: AutoAdjustment.WhiteBalance) -> (Double, Double) {
        let scale = SIMD3<Double>(gains.red, 1, gains.blue)
        func gained(_ bytes: SIMD3<UInt8>) -> [Double] {
            (0..<3).map { c in
                let linear = Double(TransferFunction.sRGBToLinear(Float(bytes[c]) / 255)) * scale[c]
                return Double(TransferFunction.linearToSRGB(Float(min(max(linear, 0), 1))))
            }
        }
        return (gained(low).min() ?? 0, gained(high).max() ?? 1)
    }

    /// Each channel's extremes in an RGBA8 or BGRA8 buffer, red first: four pixels a step as sixteen byte
    /// lanes, folded to one pixel's four at the end.
    private static func scan(_ buffer: PixelBuffer) -> (SIMD3<UInt8>, SIMD3<UInt8>) {
        let plane = buffer.planes[0], width = buffer.width
        var low16 = SIMD16<UInt8>(repeating: 255), high16 = SIMD16<UInt8>(repeating: 0)
        var low = SIMD4<UInt8>(repeating: 255), high = SIMD4<UInt8>(repeating: 0)
        plane.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            for row in 0..<buffer.height {
                let pixels = UnsafeRawPointer(base + row * plane.bytesPerRow)
                var x = 0
                while x &+ 4 <= width {
                    let p = pixels.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
                    low16 = pointwiseMin(low16, p)
                    high16 = pointwiseMax(high16, p)
                    x &+= 4
                }
                while x < width {
                    let p = pixels.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD4<UInt8>.self)
                    low = pointwiseMin(low, p)
                    high = pointwiseMax(high, p)
                    x &+= 1
                }
            }
        }
        for k in 0..<4 {
            low = pointwiseMin(low, SIMD4(low16[4 * k], low16[4 * k + 1], low16[4 * k + 2], low16[4 * k + 3]))
            high = pointwiseMax(high, SIMD4(high16[4 * k], high16[4 * k + 1], high16[4 * k + 2], high16[4 * k + 3]))
        }
        let blueFirst = buffer.format == .bgra8
        return blueFirst
            ? (SIMD3(low.z, low.y, low.x), SIMD3(high.z, high.y, high.x))
            : (SIMD3(low.x, low.y, low.z), SIMD3(high.x, high.y, high.z))
    }
}
