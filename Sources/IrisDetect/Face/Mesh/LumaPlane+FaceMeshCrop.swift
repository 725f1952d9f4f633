import Foundation
import IrisCore

extension LumaPlane {
    /// The window `region` sampled bilinearly into a `side`×`side` RGB float tensor (NHWC, values 0…1), the
    /// grey replicated into all three channels: the landmark model's input. Outside the plane reads black,
    /// as MediaPipe pads its crops.
    func faceMeshInput(_ region: FaceMeshRegion, side: Int) -> [Float] {
        let grey = greyWindow(region, side: side)
        var tensor = [Float](repeating: 0, count: side * side * 3)
        for (i, value) in grey.enumerated() {
            tensor[3 * i] = value
            tensor[3 * i + 1] = value
            tensor[3 * i + 2] = value
        }
        return tensor
    }

    /// The window `region` sampled bilinearly into `side`×`side` grey values 0…1, row by row; outside the
    /// plane reads black.
    func greyWindow(_ region: FaceMeshRegion, side: Int) -> [Float] {
        var window = [Float](repeating: 0, count: side * side)
        let step = region.side / Double(side)
        let c = cos(region.angle), s = sin(region.angle)
        // Plane position of the crop's pixel (0, 0) centre, and the plane steps for one pixel in u and in v.
        let origin = region.planePoint(u: 0.5, v: 0.5, cropSide: Double(side))
        let stepU = (x: c * step, y: s * step), stepV = (x: -s * step, y: c * step)
        let w = width, h = height, stride = bytesPerRow
        bytes.withUnsafeBufferPointer { pixels in
            window.withUnsafeMutableBufferPointer { out in
                func at(_ x: Int, _ y: Int) -> Float {
                    x >= 0 && y >= 0 && x < w && y < h ? Float(pixels[y * stride + x]) : 0
                }
                for v in 0..<side {
                    // Pixel centres sit at integer + 0.5 in plane coordinates.
                    var px = origin.x + Double(v) * stepV.x - 0.5, py = origin.y + Double(v) * stepV.y - 0.5
                    for u in 0..<side {
                        let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
                        let fx = Float(px - Double(x0)), fy = Float(py - Double(y0))
                        let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx
                        let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx
                        out[v * side + u] = (top + (bottom - top) * fy) / 255
                        px += stepU.x
                        py += stepU.y
                    }
                }
            }
        }
        return window
    }
}
