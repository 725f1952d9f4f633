import IrisCore
@testable import IrisFilters
import IrisDetect
import Testing

/// IrisCore's own QR encoder (CIQRCodeGenerator), read back by the project's QR detector (zxing-cpp):
/// every version and correction level, and the structure the standard fixes.
@Suite struct QRCodeSymbolTests {
    let detector: Detector
    init() throws { detector = try Detector(type: .qrCode) }

    /// The symbol drawn with `moduleSize`-pixel modules and the standard's four-module quiet zone.
    private func plane(_ symbol: QRCodeSymbol, moduleSize: Int) -> LumaPlane {
        let side = (symbol.size + 8) * moduleSize
        var plane = LumaPlane(width: side, height: side, value: 255)
        for y in 0..<symbol.size {
            for x in 0..<symbol.size where symbol.isDark(x: x, y: y) {
                for dy in 0..<moduleSize {
                    for dx in 0..<moduleSize {
                        plane.bytes[((y + 4) * moduleSize + dy) * plane.bytesPerRow + (x + 4) * moduleSize + dx] = 0
                    }
                }
            }
        }
        return plane
    }

    private func decoded(_ symbol: QRCodeSymbol) throws -> [[UInt8]] {
        try detector.features(in: plane(symbol, moduleSize: symbol.version > 20 ? 2 : 3)).qrCodes.map(\.payload)
    }

    @Test(arguments: QRCodeSymbol.Correction.allCases)
    func everyVersionFilledToCapacityDecodes(correction: QRCodeSymbol.Correction) throws {
        for version in 1...40 {
            let capacity = QRCodeSymbol.capacity(version: version, correction: correction)
            // Bytes that vary, so every block's data and error correction differ.
            let message = (0..<capacity).map { UInt8(truncatingIfNeeded: ($0 * 37 + version * 11) % 95 + 32) }
            let symbol = try QRCodeSymbol(message: message, correction: correction)
            #expect(symbol.version == version, "\(capacity) bytes at \(correction) should need version \(version)")
            #expect(symbol.size == 17 + 4 * version)
            #expect(try decoded(symbol) == [message], "version \(version) \(correction)")
        }
    }

    @Test func theSmallestVersionIsChosenAndTooLongIsATypedError() throws {
        #expect(try QRCodeSymbol(message: Array("hello".utf8), correction: .medium).version == 1)
        // Version 1-M holds 14 bytes; one more needs version 2.
        #expect(QRCodeSymbol.capacity(version: 1, correction: .medium) == 14)
        #expect(try QRCodeSymbol(message: [UInt8](repeating: 65, count: 15), correction: .medium).version == 2)
        #expect(QRCodeSymbol.capacity(version: 40, correction: .low) == 2953)
        #expect(throws: QRCodeError.messageTooLong(bytes: 1300, limit: 1273)) {
            try QRCodeSymbol(message: [UInt8](repeating: 0, count: 1300), correction: .high)
        }
    }

    @Test func findersTimingAndFormatInformationAreWhereTheStandardPutsThem() throws {
        let symbol = try QRCodeSymbol(message: Array("Iris".utf8), correction: .quartile)
        let n = symbol.size
        // Finder: dark 7×7 ring, light ring, dark 3×3 centre, at three corners; light separators.
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    #expect(symbol.isDark(x: ox + x, y: oy + y) == (ring != 2), "finder at \(ox),\(oy)")
                }
            }
        }
        for i in 8..<(n - 8) {
            #expect(symbol.isDark(x: i, y: 6) == (i % 2 == 0))
            #expect(symbol.isDark(x: 6, y: i) == (i % 2 == 0))
        }
        #expect(symbol.isDark(x: 8, y: n - 8), "the dark module")
        // Format information around the top-left finder decodes to the level and mask the symbol reports.
        var bits = 0
        for i in 0...5 { bits |= (symbol.isDark(x: 8, y: i) ? 1 : 0) << i }
        bits |= (symbol.isDark(x: 8, y: 7) ? 1 : 0) << 6
        bits |= (symbol.isDark(x: 8, y: 8) ? 1 : 0) << 7
        bits |= (symbol.isDark(x: 7, y: 8) ? 1 : 0) << 8
        for i in 9..<15 { bits |= (symbol.isDark(x: 14 - i, y: 8) ? 1 : 0) << i }
        let data = (bits ^ 0x5412) >> 10
        #expect(data >> 3 == 3, "Q is 0b11")
        #expect(data & 7 == symbol.mask)
    }

    @Test func theFilterDrawsTheSymbolOnePixelPerModuleWithABorder() throws {
        let image = try Image.qrCode(message: Array("CIQRCodeGenerator".utf8), correctionLevel: "H")
        let symbol = try QRCodeSymbol(message: Array("CIQRCodeGenerator".utf8), correction: .high)
        #expect(image.extent == Rect(x: 0, y: 0, width: Double(symbol.size + 2), height: Double(symbol.size + 2)))
        #expect(
            throws: FilterError.invalidValue(
                filter: "CIQRCodeGenerator", key: "inputCorrectionLevel", reason: "'X' is not L, M, Q or H")
        ) {
            try Image.qrCode(message: [1], correctionLevel: "X")
        }
        let spec = try FilterSpecParser.parse("CIQRCodeGenerator inputMessage=\"two words\" inputCorrectionLevel=L")
        #expect(spec.parameters["inputMessage"]?.description == "9 bytes")
    }
}
