import XCTest
import IrisCore

/// FourCC packing checked against codes written out by hand from the kernel headers
/// (v4l2_fourcc / fourcc_code: a | b << 8 | c << 16 | d << 24).
final class FourCCTests: XCTestCase {
    func testNamesPackLittleEndian() {
        XCTAssertEqual(FourCC(name: "NV12")?.code, 0x3231_564E)
        XCTAssertEqual(FourCC(name: "YU12")?.code, 0x3231_5559)
        XCTAssertEqual(FourCC(name: "YUYV")?.code, 0x5659_5559)
        XCTAssertEqual(FourCC(name: "XR24")?.code, 0x3432_5258)
        XCTAssertEqual(FourCC(name: "MJPG")?.code, 0x4750_4A4D)
    }

    func testCodesUnpackToNames() {
        XCTAssertEqual(FourCC(code: 0x3132_564E).name, "NV21")
        XCTAssertEqual(FourCC(code: 0x3432_4241).name, "AB24")
        XCTAssertEqual(FourCC(code: 0x3432_4241).description, "AB24")
    }

    func testShortNamesArePaddedWithSpaces() {
        // V4L2_PIX_FMT_Y16 is v4l2_fourcc('Y', '1', '6', ' ').
        XCTAssertEqual(FourCC(name: "Y16")?.code, 0x2036_3159)
        XCTAssertEqual(FourCC(code: 0x2036_3159).name, "Y16")
    }

    func testBigEndianFlagRoundTrips() {
        let y16BE = FourCC(code: 0x2036_3159 | 1 << 31)
        XCTAssertEqual(y16BE.name, "Y16-BE")
        XCTAssertEqual(FourCC(name: y16BE.name), y16BE)
    }

    func testLiteralsAndParsedNamesAgree() {
        let literal: FourCC = "NV12"
        XCTAssertEqual(literal, FourCC(name: "NV12"))
        XCTAssertEqual(FourCC(name: literal.name), literal)
    }

    func testInvalidNamesAreRejected() {
        XCTAssertNil(FourCC(name: ""))
        XCTAssertNil(FourCC(name: "NV12X"))
        XCTAssertNil(FourCC(name: "-BE"))
        XCTAssertNil(FourCC(name: "Ü12"))
        XCTAssertNil(FourCC(name: "N\u{1}12"))
    }
}
