extension LumaPlane {
    /// Resized to `width` × `height` by bilinear sampling with pixel centres aligned and 8-bit fixed-point
    /// weights, the arithmetic of OpenCV's `INTER_LINEAR_EXACT`, which `detectMultiScale` uses for its
    /// pyramid. Matching it keeps window decisions, and so the boxes, close to OpenCV's.
    func resizedBilinear(width outW: Int, height outH: Int) -> LumaPlane {
        if outW == width && outH == height { return packed }
        guard outW > 0, outH > 0, width > 0, height > 0 else {
            return LumaPlane(width: max(outW, 0), height: max(outH, 0), value: 0)
        }
        func taps(_ count: Int, _ source: Int) -> [(Int, Int, Int32)] {
            let scale = Double(source) / Double(count)
            return (0..<count).map { d in
                let s = (Double(d) + 0.5) * scale - 0.5
                var i = Int(s.rounded(.down)), f = s - Double(i)
                if i < 0 {
                    i = 0
                    f = 0
                }
                if i >= source - 1 {
                    i = source - 1
                    f = 0
                }
                let w1 = Int32((f * 256).rounded())
                return (i, min(i + 1, source - 1), w1)
            }
        }
        let xs = taps(outW, width), ys = taps(outH, height)
        var out = [UInt8](repeating: 0, count: outW * outH)
        var rowA = [Int32](repeating: 0, count: outW), rowB = rowA
        // Which source rows rowA and rowB hold: consecutive output rows mostly share one, so each source row
        // is interpolated horizontally about once.
        var heldA = -1, heldB = -1
        let x0s = xs.map(\.0), x1s = xs.map(\.1), w1s = xs.map(\.2)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                func horizontal(_ y: Int, into row: inout [Int32]) {
                    let base = y * bytesPerRow
                    row.withUnsafeMutableBufferPointer { row in
                        for o in 0..<outW {
                            let w1 = w1s[o]
                            row[o] = Int32(src[base + x0s[o]]) * (256 - w1) + Int32(src[base + x1s[o]]) * w1
                        }
                    }
                }
                for (o, (y0, y1, w1)) in ys.enumerated() {
                    if heldA != y0 {
                        if heldB == y0 {
                            swap(&rowA, &rowB)
                            swap(&heldA, &heldB)
                        } else {
                            horizontal(y0, into: &rowA)
                            heldA = y0
                        }
                    }
                    if heldB != y1 {
                        horizontal(y1, into: &rowB)
                        heldB = y1
                    }
                    let w0 = 256 - w1
                    rowA.withUnsafeBufferPointer { a in
                        rowB.withUnsafeBufferPointer { b in
                            for x in 0..<outW {
                                let v = (a[x] * w0 + b[x] * w1 + (1 << 15)) >> 16
                                dst[o * outW + x] = UInt8(truncatingIfNeeded: min(max(v, 0), 255))
                            }
                        }
                    }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }
}
