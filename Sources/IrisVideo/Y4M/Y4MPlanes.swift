import IrisCore

/// Moves pixels between `PixelBuffer`s and the Y4M payload layout (planes one after another, rows packed).
enum Y4MPlanes {
    /// The payload for `buffer`: Y, Cb, Cr for 4:2:0 files, Y alone for mono. NV12/NV21 chroma is
    /// de-interleaved. Nil for formats with no 4:2:0 luma/chroma split (RGB, YUYV).
    static func payload(of buffer: PixelBuffer, monochrome: Bool) -> [UInt8]? {
        let (w, h) = (buffer.width, buffer.height)
        let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
        guard buffer.format == .i420 || buffer.format == .nv12 || buffer.format == .nv21 else { return nil }

        var out: [UInt8] = []
        out.reserveCapacity(w * h + (monochrome ? 0 : 2 * cw * ch))
        appendRows(of: buffer.planes[0], rowBytes: w, rows: h, to: &out)
        if monochrome { return out }

        if buffer.format == .i420 {
            appendRows(of: buffer.planes[1], rowBytes: cw, rows: ch, to: &out)
            appendRows(of: buffer.planes[2], rowBytes: cw, rows: ch, to: &out)
            return out
        }
        // Interleaved chroma: NV12 stores Cb first, NV21 Cr first.
        let chroma = buffer.planes[1]
        let (cbOffset, crOffset) = buffer.format == .nv12 ? (0, 1) : (1, 0)
        chroma.withUnsafeBufferPointer { bytes in
            for offset in [cbOffset, crOffset] {
                for row in 0..<ch {
                    let base = row * chroma.bytesPerRow + offset
                    for x in 0..<cw { out.append(bytes[base + 2 * x]) }
                }
            }
        }
        return out
    }

    private static func appendRows(of plane: PixelBuffer.Plane, rowBytes: Int, rows: Int, to out: inout [UInt8]) {
        plane.withUnsafeBufferPointer { bytes in
            if plane.bytesPerRow == rowBytes {
                out += bytes.prefix(rowBytes * rows)
                return
            }
            for row in 0..<rows {
                out += bytes[(row * plane.bytesPerRow)..<(row * plane.bytesPerRow + rowBytes)]
            }
        }
    }
}
