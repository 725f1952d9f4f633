import IrisCore
import IrisFilters

/// A small rendering of an image (or of a region of it) as linear-light RGB, what every measurement of the
/// analysis reads. Each pixel of a shrunken view is a Lanczos average of the pixels it covers, so the view is
/// the image's area reduction; the measurements (percentiles, grey pixels, skin) are taken from it.
struct AnalysisView {
    let width: Int, height: Int
    /// Linear working-space red, green, blue; rows top first.
    let pixels: [SIMD3<Float>]
    /// The image-space rectangle the view shows, and image units per view pixel.
    let area: Rect
    let scale: Double

    /// `image` shrunk so its longer side is at most `longSide` view pixels, or enlarged (bilinearly) to
    /// `leastLongSide` when it is shorter than that (never, by default). `averaging`: a Lanczos shrink, each
    /// view pixel the average of those it covers (stills); otherwise one bilinear sample a view pixel, for
    /// video, where the Lanczos filter's taps cost more than the frame's own render.
    static func render(
        _ image: Image, area: Rect, longSide: Int, leastLongSide: Int = 0, averaging: Bool = true,
        context: Context
    ) throws(AutoAdjustmentError) -> AnalysisView {
        let longer = max(area.width, area.height)
        let scale = max(min(1, Double(longSide) / longer), Double(leastLongSide) / longer)
        var view = image.cropped(to: area).transformed(by: AffineTransform(translationX: -area.minX, y: -area.minY))
        if scale > 1 || (scale < 1 && !averaging) {
            view = view.transformed(by: AffineTransform(scaleX: scale, y: scale))
        } else if scale < 1 {
            do {
                view = try view.applyingFilter("CILanczosScaleTransform", parameters: ["inputScale": .number(scale)])
            } catch { throw .renderFailed(cause: ErrorCause(error)) }
        }
        let width = max(1, Int((area.width * scale).rounded(.down))),
            height = max(1, Int((area.height * scale).rounded(.down)))
        let buffer: PixelBuffer
        do {
            buffer = try context.render(view, rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        } catch {
            throw .renderFailed(cause: ErrorCause(error))
        }
        return AnalysisView(buffer: buffer, area: area, scale: 1 / scale)
    }

    init(buffer: PixelBuffer, area: Rect, scale: Double) {
        width = buffer.width
        height = buffer.height
        self.area = area
        self.scale = scale
        let table = (0..<256).map { TransferFunction.sRGBToLinear(Float($0) / 255) }
        let plane = buffer.planes[0]
        let blueFirst = buffer.format == .bgra8
        var pixels: [SIMD3<Float>] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let base = row * plane.bytesPerRow
            for x in 0..<width {
                let i = base + 4 * x
                let r = table[Int(plane.bytes[i])], g = table[Int(plane.bytes[i + 1])],
                    b = table[Int(plane.bytes[i + 2])]
                pixels.append(blueFirst ? SIMD3(b, g, r) : SIMD3(r, g, b))
            }
        }
        self.pixels = pixels
    }

    init(width: Int, height: Int, pixels: [SIMD3<Float>], area: Rect, scale: Double) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.area = area
        self.scale = scale
    }

    /// The view pixel's index for an image-space point, or nil outside the view.
    func index(ofImagePoint p: Point) -> Int? {
        let x = Int(((p.x - area.minX) / scale).rounded(.down)), row = Int(((area.maxY - p.y) / scale).rounded(.down))
        guard x >= 0, x < width, row >= 0, row < height else { return nil }
        return row * width + x
    }

    /// The image-space centre of view pixel (x, row).
    func imagePoint(x: Double, row: Double) -> Point {
        Point(x: area.minX + (x + 0.5) * scale, y: area.maxY - (row + 0.5) * scale)
    }

    /// The smallest and largest component of any pixel, sRGB-encoded and clamped to 0…1; nil for no pixels.
    var componentRange: (low: Double, high: Double)? {
        guard !pixels.isEmpty else { return nil }
        var low = Float.infinity, high = -Float.infinity
        for p in pixels {
            low = min(low, min(p.x, min(p.y, p.z)))
            high = max(high, max(p.x, max(p.y, p.z)))
        }
        func encoded(_ v: Float) -> Double { Double(TransferFunction.linearToSRGB(min(max(v, 0), 1))) }
        return (encoded(low), encoded(high))
    }

    /// The same view with every pixel passed through `transform`.
    func map(_ transform: (SIMD3<Float>) -> SIMD3<Float>) -> AnalysisView {
        AnalysisView(width: width, height: height, pixels: pixels.map(transform), area: area, scale: scale)
    }
}
