extension LumaPlane {
    /// Averages `factor`×`factor` blocks (a box filter, which also suppresses noise). Edge blocks that
    /// would be partial are dropped, so coordinates scale by exactly `factor`.
    public func downscaled(by factor: Int) -> LumaPlane {
        guard factor > 1 else { return self }
        let outW = max(width / factor, 1), outH = max(height / factor, 1)
        let area = factor * factor
        var out = [UInt8](repeating: 0, count: outW * outH)
        var sums = [Int](repeating: 0, count: outW)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<outH {
                    for i in 0..<outW { sums[i] = 0 }
                    for y in (oy * factor)..<min(oy * factor + factor, height) {
                        let row = y * bytesPerRow
                        for ox in 0..<outW {
                            var s = 0
                            let start = row + ox * factor
                            for x in 0..<factor where ox * factor + x < width { s += Int(src[start + x]) }
                            sums[ox] += s
                        }
                    }
                    for ox in 0..<outW { dst[oy * outW + ox] = UInt8(truncatingIfNeeded: (sums[ox] + area / 2) / area) }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }

    /// Enlarged by `factor` (> 1), bilinear, pixel centres aligned: helps zxing-cpp on codes whose modules
    /// are only a pixel or two wide.
    public func upscaled(by factor: Double) -> LumaPlane {
        let outW = Int((Double(width) * factor).rounded()), outH = Int((Double(height) * factor).rounded())
        guard factor > 1, width > 0, height > 0 else { return self }
        var out = [UInt8](repeating: 0, count: outW * outH)
        let xs = (0..<outW).map { ox -> (Int, Int, Double) in
            let sx = min(max((Double(ox) + 0.5) / factor - 0.5, 0), Double(width - 1))
            let x0 = Int(sx)
            return (x0, min(x0 + 1, width - 1), sx - Double(x0))
        }
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<outH {
                    let sy = min(max((Double(oy) + 0.5) / factor - 0.5, 0), Double(height - 1))
                    let y0 = Int(sy), y1 = min(y0 + 1, height - 1), fy = sy - Double(y0)
                    for ox in 0..<outW {
                        let (x0, x1, fx) = xs[ox]
                        let a = Double(src[y0 * bytesPerRow + x0]), b = Double(src[y0 * bytesPerRow + x1])
                        let c = Double(src[y1 * bytesPerRow + x0]), d = Double(src[y1 * bytesPerRow + x1])
                        let v = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
                        dst[oy * outW + ox] = UInt8(min(max(v.rounded(), 0), 255))
                    }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }
}
