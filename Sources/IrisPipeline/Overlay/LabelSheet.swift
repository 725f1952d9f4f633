import IrisCore

/// Every label of one frame drawn into one small RGBA8 picture, stacked top to bottom: coloured glyphs from
/// the atlas over a dark translucent band. The overlay recipe cuts each label out of it and moves it into
/// place, so a frame's labels cost one texture however many there are.
///
///     let sheet = LabelSheet(labels: [("#1 smile", OverlayColor(255, 150, 0))], atlas: atlas)
public struct LabelSheet: Sendable {
    public let buffer: PixelBuffer
    /// Each label's rows in the sheet (top-left origin) and size.
    public let boxes: [LabelLayout.Box]

    /// Blank space around the text inside its band.
    public static func padding(for atlas: GlyphAtlas) -> Int { max(2, atlas.pixelSize / 6) }

    /// The size a label's band takes.
    public static func size(of text: String, atlas: GlyphAtlas) -> (width: Int, height: Int) {
        let pad = padding(for: atlas)
        return (atlas.width(of: text) + 2 * pad, atlas.lineHeight + 2 * pad)
    }

    public init(labels: [(text: String, color: OverlayColor)], atlas: GlyphAtlas) {
        let sizes = labels.map { Self.size(of: $0.text, atlas: atlas) }
        let width = max(1, sizes.map(\.width).max() ?? 1), height = max(1, sizes.map(\.height).reduce(0, +))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var boxes: [LabelLayout.Box] = []
        var top = 0
        let pad = Self.padding(for: atlas)
        for (label, size) in zip(labels, sizes) {
            for row in top..<(top + size.height) {
                for column in 0..<size.width {
                    let o = (row * width + column) * 4
                    pixels[o + 3] = 170  // the band: black at two-thirds opacity
                }
            }
            var pen = pad
            let baseline = top + pad + atlas.ascent
            for character in label.text {
                let glyph = atlas.glyph(for: character)
                for gy in 0..<glyph.height {
                    let row = baseline - glyph.bearingY + gy
                    guard row >= top, row < top + size.height else { continue }
                    for gx in 0..<glyph.width {
                        let column = pen + glyph.bearingX + gx
                        guard column >= 0, column < size.width else { continue }
                        let ink = Int(atlas.coverage[(glyph.atlasY + gy) * atlas.atlasWidth + glyph.atlasX + gx])
                        guard ink > 0 else { continue }
                        let o = (row * width + column) * 4
                        // Straight alpha: blend the ink colour over the band by coverage.
                        let bandAlpha = Int(pixels[o + 3])
                        let outAlpha = ink * 255 + bandAlpha * (255 - ink)
                        pixels[o] = UInt8(Int(label.color.red) * ink * 255 / max(outAlpha, 1))
                        pixels[o + 1] = UInt8(Int(label.color.green) * ink * 255 / max(outAlpha, 1))
                        pixels[o + 2] = UInt8(Int(label.color.blue) * ink * 255 / max(outAlpha, 1))
                        pixels[o + 3] = UInt8(outAlpha / 255)
                    }
                }
                pen += glyph.advance
            }
            boxes.append(LabelLayout.Box(x: 0, y: top, width: size.width, height: size.height))
            top += size.height
        }
        // The sizes are positive and the bytes match them, so this cannot fail.
        buffer =
            (try? PixelBuffer(
                width: width, height: height, format: .rgba8,
                planes: [.init(bytes: pixels, bytesPerRow: width * 4)]))
            ?? PixelBuffer(width: width, height: height, format: .rgba8)
        self.boxes = boxes
    }
}
