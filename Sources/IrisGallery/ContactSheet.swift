import IrisCore
import IrisPipeline

/// The gallery's contact sheet: each filter's picture fitted into a cell (box-averaged when it shrinks,
/// nearest when it grows, so a QR code stays crisp), its name on a band below, cells in rows.
enum ContactSheet {
    static let columns = 8

    static func make(entries: [FilterGallery.Entry], pictures: [PixelBuffer?], cellWidth: Int, cellHeight: Int)
        -> PixelBuffer
    {
        let atlas = try? GlyphAtlas.shared(pixelSize: 12)
        let labelHeight = atlas.map { LabelSheet.size(of: "Ag", atlas: $0).height } ?? 0
        let gap = 4
        let columns = min(Self.columns, max(entries.count, 1))
        let rows = (entries.count + columns - 1) / columns
        let pitchX = cellWidth + gap, pitchY = cellHeight + labelHeight + gap
        var sheet = PixelBuffer(width: columns * pitchX + gap, height: max(1, rows * pitchY + gap), format: .rgba8)
        let stride = sheet.planes[0].bytesPerRow
        // A mid-grey ground, so transparent results show as such.
        for i in Swift.stride(from: 0, to: sheet.planes[0].byteCount, by: 4) {
            sheet.planes[0].bytes[i] = 48
            sheet.planes[0].bytes[i + 1] = 48
            sheet.planes[0].bytes[i + 2] = 48
            sheet.planes[0].bytes[i + 3] = 255
        }
        for (index, entry) in entries.enumerated() {
            let left = gap + (index % columns) * pitchX, top = gap + (index / columns) * pitchY
            if let picture = pictures[index] {
                fit(picture, into: &sheet, stride: stride, left: left, top: top, width: cellWidth, height: cellHeight)
            }
            guard let atlas else { continue }
            let text = entry.failure == nil ? entry.descriptor.name : entry.descriptor.name + " (failed)"
            let label = LabelSheet(
                labels: [(text, entry.failure == nil ? OverlayColor(255, 255, 255) : OverlayColor(255, 90, 90))],
                atlas: atlas)
            blend(label.buffer, into: &sheet, stride: stride, left: left, top: top + cellHeight, maxWidth: cellWidth)
        }
        return sheet
    }

    /// Scales `picture` to fit the cell, keeping its aspect ratio, centred, alpha-blended over the ground.
    private static func fit(
        _ picture: PixelBuffer, into sheet: inout PixelBuffer, stride: Int, left: Int, top: Int, width: Int, height: Int
    ) {
        let scale = min(Double(width) / Double(picture.width), Double(height) / Double(picture.height))
        let w = max(1, Int(Double(picture.width) * scale)), h = max(1, Int(Double(picture.height) * scale))
        let ox = left + (width - w) / 2, oy = top + (height - h) / 2
        let source = picture.planes[0].bytes, sourceStride = picture.planes[0].bytesPerRow
        for y in 0..<h {
            let y0 = Int(Double(y) / scale), y1 = max(y0 + 1, min(picture.height, Int(Double(y + 1) / scale)))
            for x in 0..<w {
                let x0 = Int(Double(x) / scale), x1 = max(x0 + 1, min(picture.width, Int(Double(x + 1) / scale)))
                var sum = SIMD4<Int>(), count = 0
                for sy in y0..<min(y1, picture.height) {
                    for sx in x0..<min(x1, picture.width) {
                        let o = sy * sourceStride + sx * 4
                        sum &+= SIMD4(Int(source[o]), Int(source[o + 1]), Int(source[o + 2]), Int(source[o + 3]))
                        count += 1
                    }
                }
                let c = sum / max(count, 1)
                let o = (oy + y) * stride + (ox + x) * 4
                for k in 0..<3 {
                    let under = Int(sheet.planes[0].bytes[o + k])
                    sheet.planes[0].bytes[o + k] = UInt8((c[k] * c[3] + under * (255 - c[3])) / 255)
                }
            }
        }
    }

    private static func blend(
        _ label: PixelBuffer, into sheet: inout PixelBuffer, stride: Int, left: Int, top: Int, maxWidth: Int
    ) {
        let source = label.planes[0].bytes, sourceStride = label.planes[0].bytesPerRow
        for y in 0..<label.height where top + y < sheet.height {
            for x in 0..<min(label.width, maxWidth) {
                let s = y * sourceStride + x * 4, o = (top + y) * stride + (left + x) * 4
                let a = Int(source[s + 3])
                for k in 0..<3 {
                    sheet.planes[0].bytes[o + k] = UInt8(
                        (Int(source[s + k]) * a + Int(sheet.planes[0].bytes[o + k]) * (255 - a)) / 255)
                }
            }
        }
    }
}
