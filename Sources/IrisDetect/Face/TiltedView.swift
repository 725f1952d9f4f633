import Foundation

/// The picture turned in its own plane by a small angle, on a canvas just large enough to hold all of it
/// (the edge pixels are repeated into the corners), and the way back: a window found in the turned picture
/// becomes a box of the same size around the same point of the upright one. Haar cascades are trained on
/// upright faces and lose heads tilted by more than about 10°; scanning turned copies finds them.
struct TiltedView: Sendable {
    /// The turned picture, tightly packed.
    let plane: LumaPlane
    /// Counter-clockwise as seen on screen (top-left origin, y down), in degrees.
    let degrees: Double
    private let cosA: Double, sinA: Double
    private let sourceCentre: (x: Double, y: Double), canvasCentre: (x: Double, y: Double)

    init(_ source: LumaPlane, degrees: Double) {
        self.degrees = degrees
        let radians = degrees * .pi / 180
        cosA = cos(radians)
        sinA = sin(radians)
        let w = source.width, h = source.height
        let canvasW = Int((Double(w) * abs(cosA) + Double(h) * abs(sinA)).rounded(.up))
        let canvasH = Int((Double(w) * abs(sinA) + Double(h) * abs(cosA)).rounded(.up))
        sourceCentre = (Double(w) / 2, Double(h) / 2)
        canvasCentre = (Double(canvasW) / 2, Double(canvasH) / 2)
        plane = Self.resample(
            source.packed, width: canvasW, height: canvasH, cos: cosA, sin: sinA,
            sourceCentre: sourceCentre, canvasCentre: canvasCentre)
    }

    /// A window of the turned picture as a box of the upright one: same size, centred on the same point.
    func uprightWindow(_ r: WindowRect) -> WindowRect {
        let p = sourcePoint(x: Double(r.x) + Double(r.width) / 2, y: Double(r.y) + Double(r.height) / 2)
        return WindowRect(
            x: Int((p.x - Double(r.width) / 2).rounded()), y: Int((p.y - Double(r.height) / 2).rounded()),
            width: r.width, height: r.height)
    }

    /// The upright picture's point under a point of the canvas (the inverse turn about the centres).
    private func sourcePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        Self.inverse(x: x, y: y, cos: cosA, sin: sinA, sourceCentre: sourceCentre, canvasCentre: canvasCentre)
    }

    // On screen (y down) a counter-clockwise turn by a maps (dx, dy) to (dx·cos + dy·sin, −dx·sin + dy·cos);
    // its inverse turns back by −a.
    private static func inverse(
        x: Double, y: Double, cos c: Double, sin s: Double, sourceCentre: (x: Double, y: Double),
        canvasCentre: (x: Double, y: Double)
    ) -> (x: Double, y: Double) {
        let dx = x - canvasCentre.x, dy = y - canvasCentre.y
        return (dx * c - dy * s + sourceCentre.x, dx * s + dy * c + sourceCentre.y)
    }

    /// Bilinear samples of `source` at every canvas pixel centre, coordinates clamped to the picture.
    private static func resample(
        _ source: LumaPlane, width: Int, height: Int, cos c: Double, sin s: Double,
        sourceCentre: (x: Double, y: Double), canvasCentre: (x: Double, y: Double)
    ) -> LumaPlane {
        let w = source.width, h = source.height
        guard w > 0, h > 0, width > 0, height > 0 else {
            return LumaPlane(width: max(width, 0), height: max(height, 0), value: 0)
        }
        var out = [UInt8](repeating: 0, count: width * height)
        source.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    // The source point of this row's first pixel centre, and its step per pixel to the right.
                    let start = inverse(
                        x: 0.5, y: Double(y) + 0.5, cos: c, sin: s, sourceCentre: sourceCentre,
                        canvasCentre: canvasCentre)
                    var sx = start.x - 0.5, sy = start.y - 0.5
                    for x in 0..<width {
                        let fx = min(max(sx, 0), Double(w - 1)), fy = min(max(sy, 0), Double(h - 1))
                        let x0 = Int(fx), y0 = Int(fy)
                        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
                        let ax = fx - Double(x0), ay = fy - Double(y0)
                        let top = Double(src[y0 * w + x0]) * (1 - ax) + Double(src[y0 * w + x1]) * ax
                        let bottom = Double(src[y1 * w + x0]) * (1 - ax) + Double(src[y1 * w + x1]) * ax
                        dst[y * width + x] = UInt8(top * (1 - ay) + bottom * ay + 0.5)
                        sx += c
                        sy += s
                    }
                }
            }
        }
        return LumaPlane(width: width, height: height, bytes: out)
    }
}
