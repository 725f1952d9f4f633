import IrisCore

extension LumaPlane {
    /// The upright picture of a plane stored with `orientation`, by index remapping (exact, no filtering).
    /// It agrees with `Image.oriented(_:)`: pixel squares map onto pixel squares.
    public func oriented(_ orientation: Orientation) -> LumaPlane {
        if orientation == .up { return self }
        let outW = orientation.swapsAxes ? height : width, outH = orientation.swapsAxes ? width : height
        // The orientation's transform works in bottom-left coordinates; map each upright pixel centre back.
        let extent = Rect(width: width, height: height)
        guard let back = orientation.transform(for: extent).inverted else { return self }
        var out = [UInt8](repeating: 0, count: outW * outH)
        // Source position of upright (0,0) and the steps per column and per row, in top-left pixel indices.
        func source(_ ux: Double, _ uy: Double) -> (Double, Double) {
            let p = back.apply(Point(x: ux, y: Double(outH) - uy))
            return (p.x, Double(height) - p.y)
        }
        let origin = source(0.5, 0.5), right = source(1.5, 0.5), down = source(0.5, 1.5)
        let dxCol = Int((right.0 - origin.0).rounded()), dyCol = Int((right.1 - origin.1).rounded())
        let dxRow = Int((down.0 - origin.0).rounded()), dyRow = Int((down.1 - origin.1).rounded())
        let x0 = Int((origin.0 - 0.5).rounded()), y0 = Int((origin.1 - 0.5).rounded())
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for uy in 0..<outH {
                    var sx = x0 + uy * dxRow, sy = y0 + uy * dyRow
                    for ux in 0..<outW {
                        dst[uy * outW + ux] = src[sy * bytesPerRow + sx]
                        sx += dxCol
                        sy += dyCol
                    }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }
}
