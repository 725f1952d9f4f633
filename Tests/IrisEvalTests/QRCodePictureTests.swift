import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisEval
import Testing

/// QR test pictures drawn from IrisCore's encoder: the quiet zone, the pixels, and the detector reading them.
@Suite struct QRCodePictureTests {
    @Test func textTooLongIsIrisCoresTypedError() {
        // ISO/IEC 18004 table 7: version 40 at level M holds 2331 bytes in byte mode.
        #expect(throws: QRCodeError.messageTooLong(bytes: 8000, limit: 2331)) {
            try QRCodePicture(String(repeating: "x", count: 8000))
        }
    }

    @Test func theQuietZoneSurroundsTheSymbol() throws {
        // "hello" is 5 bytes: version 1, 21 modules; with 4 light modules each side, 21 + 2 × 4 = 29.
        let code = try QRCodePicture("hello")
        #expect(code.symbol.version == 1 && code.size == 29)
        #expect(code.modules.count == 29 * 29)
        for i in 0..<29 {
            for m in [0, 3, 25, 28] {  // the margin's outer and inner rows and columns
                #expect(!code.isDark(x: i, y: m) && !code.isDark(x: m, y: i), "module (\(i), \(m))")
            }
        }
        // The top-left finder starts at module (4, 4): dark outer ring, light ring at (5, 5), dark centre (7, 7).
        #expect(code.isDark(x: 4, y: 4) && !code.isDark(x: 5, y: 5) && code.isDark(x: 7, y: 7))
        // Every module of the symbol itself sits `margin` further in.
        for y in 0..<21 {
            for x in 0..<21 { #expect(code.isDark(x: x + 4, y: y + 4) == code.symbol.isDark(x: x, y: y)) }
        }
        #expect(try QRCodePicture("hello", margin: 2).size == 25)
    }

    @Test func drawnPixelsFollowTheModules() throws {
        let code = try QRCodePicture("hello")
        let plane = code.plane(moduleSize: 2)
        #expect(plane.width == 58 && plane.height == 58)  // 29 modules × 2 px
        // Pixel (x, y) shows module (x / 2, y / 2): (0, 0) quiet zone, (8, 8) finder ring, (10, 10) its light ring,
        // (14, 14) its centre.
        #expect(plane.bytes[0] == 255)
        #expect(plane.bytes[8 * plane.bytesPerRow + 8] == 0)
        #expect(plane.bytes[10 * plane.bytesPerRow + 11] == 255)
        #expect(plane.bytes[14 * plane.bytesPerRow + 15] == 0)
        // Drawn partly off a small plane: only what falls inside is written, nothing outside is touched.
        var small = LumaPlane(width: 10, height: 10, value: 128)
        code.draw(into: &small, x: -8, y: -8, moduleSize: 2, dark: 10, light: 240)
        // Pixel (0, 0) of the small plane is picture pixel (8, 8), module (4, 4): dark.
        #expect(small.bytes[0] == 10)
        // Pixel (2, 2) is picture pixel (10, 10), module (5, 5): light.
        #expect(small.bytes[2 * small.bytesPerRow + 2] == 240)
    }

    @Test(arguments: QRCodeSymbol.Correction.allCases)
    func theDetectorReadsWhatIsDrawn(correction: QRCodeSymbol.Correction) throws {
        let text = "https://example.org/iris/eval?case=\(correction.rawValue)"
        let plane = try QRCodePicture(text, correction: correction).plane(moduleSize: 3)
        let codes = try Detector(type: .qrCode).features(in: plane).qrCodes
        #expect(codes.map(\.messageString) == [text])
        #expect(codes.first?.payload == Array(text.utf8))
    }
}
