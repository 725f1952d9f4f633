import IrisCPU
import IrisCore
import IrisDetect
import IrisGLES
import IrisPipeline
import Testing

/// Overlays drawn as recipe nodes: outlines where the features are, pictures untouched elsewhere, labels in
/// real glyphs (lower case included), and both renderers agreeing.
@Suite struct OverlayRenderTests {
    static let width = 240, height = 180
    static let grey = Image(color: SIMD4(0.5, 0.5, 0.5, 1)).cropped(to: Rect(width: width, height: height))
    static let card = RectangleFeature(
        corners: Quadrilateral(
            topLeft: Point(x: 40, y: 150), topRight: Point(x: 200, y: 150),
            bottomLeft: Point(x: 40, y: 70), bottomRight: Point(x: 200, y: 70)),
        confidence: 1)
    static let code = QRCodeFeature(
        messageString: "https://example.org/wiki/main_page", payload: [],
        corners: Quadrilateral(
            topLeft: Point(x: 60, y: 140), topRight: Point(x: 110, y: 140),
            bottomLeft: Point(x: 60, y: 90), bottomRight: Point(x: 110, y: 90)))

    static func render(_ image: Image, on renderer: any Renderer = CPURenderer()) throws -> PixelBuffer {
        try Context(renderer: renderer).render(image, rect: Rect(width: width, height: height))
    }

    /// The pixel at image point (x, y), bottom-left origin.
    static func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
        buffer.rgba(x: x, row: buffer.height - 1 - y)
    }

    @Test func outlinesFollowTheQuadAndLeaveTheRestAlone() throws {
        var style = OverlayStyle()
        style.lineWidth = 3
        let out = try Self.render(try Self.grey.overlaying([.rectangle(Self.card)], style: style))
        let base = Self.pixel(try Self.render(Self.grey), 5, 5)
        // On the top and left edges: the rectangle colour (255, 40, 200).
        for (x, y) in [(120, 150), (40, 100), (200, 100), (120, 70)] {
            let p = Self.pixel(out, x, y)
            #expect(p.x > 240 && p.y < 60 && p.z > 185, "edge pixel (\(x), \(y)) is \(p)")
        }
        // Inside the card and far outside it: untouched.
        #expect(Self.pixel(out, 120, 110) == base)
        #expect(Self.pixel(out, 5, 5) == base)
    }

    @Test func qrLabelsAreDrawnInRealGlyphsBelowTheCode() throws {
        var style = OverlayStyle()
        style.fontPixelSize = 14
        let out = try Self.render(try Self.grey.overlaying([.qrCode(Self.code)], style: style))
        // The band under the code (rows below y = 90) holds dark band pixels and green ink.
        var ink = 0, band = 0
        for y in 50..<88 {
            for x in 0..<Self.width {
                let p = Self.pixel(out, x, y)
                if p.y > 150 && p.x < 100 && p.z < 120 { ink += 1 }
                if p.x < 95 && p.y < 95 && p.z < 95 { band += 1 }
            }
        }
        #expect(ink > 40, "green glyph pixels under the code: \(ink)")
        #expect(band > 400, "dark band pixels under the code: \(band)")
    }

    @Test func theAtlasHasLowerCaseAndLatin1Glyphs() throws {
        let atlas = try GlyphAtlas.shared(pixelSize: 16)
        func ink(_ c: Character) -> [UInt8] {
            let g = atlas.glyph(for: c)
            return (0..<g.height).flatMap { row in
                (0..<g.width).map { atlas.coverage[(g.atlasY + row) * atlas.atlasWidth + g.atlasX + $0] }
            }
        }
        #expect(ink("a") != ink("A"))
        #expect(ink("a").contains { $0 > 200 })
        #expect(ink("é") != ink("e") && ink("é").contains { $0 > 200 })
        #expect(atlas.glyph(for: "i").advance < atlas.glyph(for: "W").advance)
        #expect(atlas.width(of: "main_page") > 0)
    }

    @Test(.enabled(if: (try? GLESRenderer()) != nil, "no EGL/GLES here"))
    func bothRenderersDrawTheSameOverlay() throws {
        var style = OverlayStyle()
        style.lineWidth = 2.5
        style.fontPixelSize = 12
        let face = FaceFeature(
            corners: Quadrilateral(
                topLeft: Point(x: 130, y: 170), topRight: Point(x: 220, y: 170),
                bottomLeft: Point(x: 130, y: 80), bottomRight: Point(x: 220, y: 80)),
            leftEyePosition: Point(x: 155, y: 140), rightEyePosition: Point(x: 195, y: 140),
            mouthPosition: Point(x: 175, y: 100), hasLeftEyePosition: true, trackingID: 7)
        let image = try Self.grey.overlaying([.rectangle(Self.card), .qrCode(Self.code), .face(face)], style: style)
        let cpu = try Self.render(image), gles = try Self.render(image, on: try GLESRenderer())
        var worst = 0
        for (a, b) in zip(cpu.planes[0].bytes, gles.planes[0].bytes) { worst = max(worst, abs(Int(a) - Int(b))) }
        #expect(worst <= 3, "largest channel difference \(worst)")
    }
}
