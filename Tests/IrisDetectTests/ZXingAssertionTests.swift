import IrisCore
@testable import IrisDetect
import Testing

/// zxing-cpp 1.4, as Debian builds it, keeps its assert()s; one fails when ReadBarcodes merges two reads of
/// one 1-D symbology with the same content. CZXing's `__assert_fail` turns that abort into an error the
/// barcode detector recovers from. If a later zxing-cpp no longer asserts, the first test says so.
@Suite struct ZXingAssertionTests {
    static func twoEqualCodes() throws -> LumaPlane {
        var picture = try BarcodeDetectionTests.code128("SAME 42", width: 700, height: 320, at: (20, 10))
        let second = try BarcodeDetectionTests.code128("SAME 42", width: 700, height: 320, at: (330, 170))
        for i in picture.plane.bytes.indices where second.plane.bytes[i] != 128 {
            picture.plane.bytes[i] = second.plane.bytes[i]
        }
        return picture.plane
    }

    @Test func zxingsAssertionIsAnErrorNotAnAbort() throws {
        var settings = ZXingReader.Settings()
        settings.formats = [.code128]
        let picture = try Self.twoEqualCodes()
        do {
            _ = try ZXingReader.read(picture, settings)
            Issue.record(
                "zxing-cpp read two equal Code 128s without its assertion: the one-at-a-time fallback may no longer be needed"
            )
        } catch {
            guard case let .decoderFailed(reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                reason.hasPrefix("zxing-cpp assertion `lineCount() == 1' failed in bool ZXing::Result::operator=="),
                "\(reason)")
        }
        // One code at a time never merges two reads, so it never asserts.
        settings.maxSymbols = 1
        #expect(try ZXingReader.read(picture, settings).map(\.text) == ["SAME 42"])
    }

    @Test func whiteningCoversTheBarsAndNoMore() throws {
        // A code's read line in the middle of its bars: the box grows across them to the bars' rows, not past.
        let drawn = try BarcodeDetectionTests.code128("whiten", width: 500, height: 300, at: (20, 60))
        let bars = drawn.bars, y = Double((bars.y0 + bars.y1) / 2)
        let code = DecodedCode(
            text: "whiten", bytes: [],
            corners: [(Double(bars.x0), y), (Double(bars.x1), y), (Double(bars.x1), y + 2), (Double(bars.x0), y + 2)],
            isMirrored: false, format: .code128)
        let box = OneAtATimeReading.bars(of: code, in: drawn.plane)
        #expect(abs(box.y0 - bars.y0) <= 3 && abs(box.y1 - bars.y1) <= 3, "\(box) vs \(bars)")
        #expect(
            box.x0 <= bars.x0 && box.x1 >= bars.x1 && box.x0 >= bars.x0 - 20 && box.x1 <= bars.x1 + 20,
            "\(box) vs \(bars)")
        // Turned a quarter, the same along columns.
        let turned = drawn.plane.oriented(.right)  // 90° clockwise: x' = height − 1 − y, y' = x
        let column = Double(drawn.plane.height - 1) - y
        let upright = DecodedCode(
            text: "whiten", bytes: [],
            corners: [
                (column, Double(bars.x0)), (column, Double(bars.x1)), (column - 2, Double(bars.x1)),
                (column - 2, Double(bars.x0))
            ], isMirrored: false, format: .code128)
        let side = OneAtATimeReading.bars(of: upright, in: turned)
        #expect(
            abs(side.x0 - (drawn.plane.height - bars.y1)) <= 3 && abs(side.x1 - (drawn.plane.height - bars.y0)) <= 3,
            "\(side) vs \(bars)")
    }
}
