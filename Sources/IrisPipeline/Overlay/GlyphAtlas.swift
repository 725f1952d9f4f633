import CFreeType
import Synchronization

/// The glyphs overlay labels are drawn with: printable ASCII and Latin-1, rasterised once by FreeType at
/// one pixel size into a single 8-bit coverage atlas. Immutable once made, so any thread may read it;
/// `GlyphAtlas.shared(pixelSize:)` keeps one per size.
///
///     let atlas = try GlyphAtlas.shared(pixelSize: 20)
///     let width = atlas.width(of: "https://example.org")
public struct GlyphAtlas: Sendable {
    /// Where one glyph's coverage sits in the atlas and how it is placed on the text line.
    public struct Glyph: Sendable {
        public let atlasX: Int, atlasY: Int, width: Int, height: Int
        /// From the pen position to the bitmap's left column, and from the baseline up to its top row.
        public let bearingX: Int, bearingY: Int
        public let advance: Int
    }

    public let pixelSize: Int
    /// Baseline to the top of the tallest glyphs, and down to the bottom of the lowest.
    public let ascent: Int, descent: Int
    public let atlasWidth: Int, atlasHeight: Int
    /// Coverage 0–255, rows top to bottom.
    public let coverage: [UInt8]
    public let fontPath: String
    private let glyphs: [UInt32: Glyph]
    /// Drawn for any character outside the atlas.
    private let replacement: Glyph

    /// The characters in the atlas: printable ASCII (32–126) and Latin-1 (160–255).
    public static let characters: [UInt32] = Array(32...126) + Array(160...255)

    public var lineHeight: Int { ascent + descent }

    public func glyph(for character: Character) -> Glyph {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
            return replacement
        }
        return glyphs[scalar.value] ?? replacement
    }

    /// The advance of a whole string, in pixels.
    public func width(of text: String) -> Int { text.reduce(0) { $0 + glyph(for: $1).advance } }

    /// Rasterises the atlas from a TrueType/OpenType font file.
    public init(fontPath: String, pixelSize: Int) throws(PipelineError) {
        guard pixelSize >= 4, pixelSize <= 256 else {
            throw .font(path: fontPath, reason: "pixel size \(pixelSize) is outside 4…256")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .font(path: fontPath, reason: "FreeType did not initialise")
        }
        defer { FT_Done_FreeType(library) }
        var faceHandle: FT_Face?
        let opened = FT_New_Face(library, fontPath, 0, &faceHandle)
        guard opened == 0, let face = faceHandle else {
            throw .font(
                path: fontPath,
                reason: "FreeType cannot open it (error \(opened)); install fonts-dejavu-core or set IRIS_FONT")
        }
        defer { FT_Done_Face(face) }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else {
            throw .font(path: fontPath, reason: "cannot be set to \(pixelSize) px")
        }
        let metrics = face.pointee.size.pointee.metrics
        ascent = Int((metrics.ascender + 63) >> 6)
        descent = Int((-metrics.descender + 63) >> 6)

        // Render every glyph first, then pack them in rows of a fixed-width atlas.
        struct Rendered {
            let code: UInt32
            let width, height, left, top, advance: Int
            let pixels: [UInt8]
        }
        var rendered: [Rendered] = []
        for code in Self.characters + [0xFFFD, UInt32(UInt8(ascii: "?"))] {
            guard FT_Get_Char_Index(face, FT_ULong(code)) != 0 || code == 32,
                FT_Load_Char(face, FT_ULong(code), FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph
            else { continue }
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            var pixels = [UInt8](repeating: 0, count: w * h)
            if let buffer = bitmap.buffer, w > 0, h > 0 {
                for row in 0..<h {
                    for column in 0..<w { pixels[row * w + column] = buffer[row * pitch + column] }
                }
            }
            rendered.append(
                Rendered(
                    code: code, width: w, height: h, left: Int(slot.pointee.bitmap_left),
                    top: Int(slot.pointee.bitmap_top), advance: Int((slot.pointee.advance.x + 32) >> 6),
                    pixels: pixels))
        }
        guard !rendered.isEmpty else { throw .font(path: fontPath, reason: "has none of the Latin-1 glyphs") }

        let width = 32 * (pixelSize + 2)
        var x = 0, y = 0, rowHeight = 0
        var placed: [(Rendered, Int, Int)] = []
        for glyph in rendered {
            if x + glyph.width + 1 > width {
                x = 0
                y += rowHeight + 1
                rowHeight = 0
            }
            placed.append((glyph, x, y))
            x += glyph.width + 1
            rowHeight = max(rowHeight, glyph.height)
        }
        let height = y + rowHeight + 1
        var coverage = [UInt8](repeating: 0, count: width * height)
        var table: [UInt32: Glyph] = [:]
        for (glyph, gx, gy) in placed {
            for row in 0..<glyph.height {
                for column in 0..<glyph.width {
                    coverage[(gy + row) * width + gx + column] = glyph.pixels[row * glyph.width + column]
                }
            }
            table[glyph.code] = Glyph(
                atlasX: gx, atlasY: gy, width: glyph.width, height: glyph.height,
                bearingX: glyph.left, bearingY: glyph.top, advance: glyph.advance)
        }
        self.pixelSize = pixelSize
        self.fontPath = fontPath
        atlasWidth = width
        atlasHeight = height
        self.coverage = coverage
        replacement =
            table[0xFFFD] ?? table[UInt32(UInt8(ascii: "?"))]
            ?? Glyph(atlasX: 0, atlasY: 0, width: 0, height: 0, bearingX: 0, bearingY: 0, advance: pixelSize / 2)
        table[0xFFFD] = nil
        glyphs = table
    }

    private static let cache = Mutex<[Int: GlyphAtlas]>([:])

    /// The atlas for `pixelSize` from the default font (`FontLocator`), made on first use.
    public static func shared(pixelSize: Int) throws(PipelineError) -> GlyphAtlas {
        if let known = cache.withLock({ $0[pixelSize] }) { return known }
        let atlas = try GlyphAtlas(fontPath: try FontLocator.defaultFont(), pixelSize: pixelSize)
        cache.withLock { $0[pixelSize] = atlas }
        return atlas
    }
}
