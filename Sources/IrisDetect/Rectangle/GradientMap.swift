/// Smoothed Sobel gradients of a luma plane and its thinned edge pixels (non-maximum suppressed, as in
/// Canny without hysteresis): the input to the line search.
struct GradientMap {
    let width: Int
    let height: Int
    /// Gradient direction in radians, folded to 0…π (a line's normal angle), per pixel.
    private(set) var angle: [Float]
    private(set) var magnitude: [Float]
    /// Indices of edge pixels: local maxima across the edge above the contrast threshold.
    private(set) var edgePixels: [Int32] = []
    /// 1 where a pixel is an edge pixel.
    private(set) var isEdge: [UInt8]

    /// Gradients under 4 grey levels per pixel are sensor noise or soft shading, not outlines.
    static let minimumContrast: Float = 4

    init(_ luma: LumaPlane) {
        width = luma.width
        height = luma.height
        let count = width * height
        let smooth = Self.binomialBlur(luma)
        var gx = [Float](repeating: 0, count: count), gy = [Float](repeating: 0, count: count)
        magnitude = [Float](repeating: 0, count: count)
        angle = [Float](repeating: 0, count: count)
        isEdge = [UInt8](repeating: 0, count: count)
        let w = width
        if width >= 3 && height >= 3 {
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    let i = y * w + x
                    let dx =
                        (smooth[i - w + 1] + 2 * smooth[i + 1] + smooth[i + w + 1])
                        - (smooth[i - w - 1] + 2 * smooth[i - 1] + smooth[i + w - 1])
                    let dy =
                        (smooth[i + w - 1] + 2 * smooth[i + w] + smooth[i + w + 1])
                        - (smooth[i - w - 1] + 2 * smooth[i - w] + smooth[i - w + 1])
                    gx[i] = dx / 8
                    gy[i] = dy / 8
                    magnitude[i] = (gx[i] * gx[i] + gy[i] * gy[i]).squareRoot()
                }
            }
            thin(gx: gx, gy: gy)
        }
    }

    /// Keeps pixels whose magnitude is the largest of their two neighbours across the edge.
    private mutating func thin(gx: [Float], gy: [Float]) {
        let w = width
        for y in 2..<max(height - 2, 2) {
            for x in 2..<max(width - 2, 2) {
                let i = y * w + x
                let m = magnitude[i]
                guard m >= Self.minimumContrast else { continue }
                var a = atan2f(gy[i], gx[i])
                if a < 0 { a += .pi }
                if a >= .pi { a -= .pi }
                angle[i] = a
                // Quantise the gradient direction to one of four neighbour pairs.
                let step: Int
                if a < .pi / 8 || a >= 7 * .pi / 8 {
                    step = 1
                } else if a < 3 * .pi / 8 {
                    step = w + 1
                } else if a < 5 * .pi / 8 {
                    step = w
                } else {
                    step = w - 1
                }
                if m >= magnitude[i - step] && m > magnitude[i + step] {
                    isEdge[i] = 1
                    edgePixels.append(Int32(i))
                }
            }
        }
    }

    /// A 5-tap binomial blur (1 4 6 4 1), separable, edges clamped.
    private static func binomialBlur(_ luma: LumaPlane) -> [Float] {
        let w = luma.width, h = luma.height
        var tmp = [Float](repeating: 0, count: w * h), out = [Float](repeating: 0, count: w * h)
        let k: [Float] = [1, 4, 6, 4, 1]
        luma.bytes.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w {
                    var s: Float = 0
                    for j in -2...2 { s += k[j + 2] * Float(src[y * luma.bytesPerRow + min(max(x + j, 0), w - 1)]) }
                    tmp[y * w + x] = s / 16
                }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var s: Float = 0
                for j in -2...2 { s += k[j + 2] * tmp[min(max(y + j, 0), h - 1) * w + x] }
                out[y * w + x] = s / 16
            }
        }
        return out
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
