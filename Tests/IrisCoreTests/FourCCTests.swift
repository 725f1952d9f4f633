import Foundation
import IrisCore
import Testing

/// FourCC packing checked against codes written out by hand from the kernel headers
/// (v4l2_fourcc / fourcc_code: a | b << 8 | c << 16 | d << 24).
@Suite(.serialized) struct FourCCTests {
    @Test func namesPackLittleEndian() {
        #expect(FourCC(name: "NV12")?.code == 0x3231_564E)
        #expect(FourCC(name: "YU12")?.code == 0x3231_5559)
        #expect(FourCC(name: "YUYV")?.code == 0x5659_5559)
        #expect(FourCC(name: "XR24")?.code == 0x3432_5258)
        #expect(FourCC(name: "MJPG")?.code == 0x4750_4A4D)
    }

    @Test func codesUnpackToNames() {
        #expect(FourCC(code: 0x3132_564E).name == "NV21")
        #expect(FourCC(code: 0x3432_4241).name == "AB24")
        #expect(FourCC(code: 0x3432_4241).description == "AB24")
    }

    @Test func shortNamesArePaddedWithSpaces() {
        // V4L2_PIX_FMT_Y16 is v4l2_fourcc('Y', '1', '6', ' ').
        #expect(FourCC(name: "Y16")?.code == 0x2036_3159)
        #expect(FourCC(code: 0x2036_3159).name == "Y16")
    }

    @Test func bigEndianFlagRoundTrips() {
        let y16BE = FourCC(code: 0x2036_3159 | 1 << 31)
        #expect(y16BE.name == "Y16-BE")
        #expect(FourCC(name: y16BE.name) == y16BE)
    }

    @Test func literalsAndParsedNamesAgree() {
        let literal: FourCC = "NV12"
        #expect(literal == FourCC(name: "NV12"))
        #expect(FourCC(name: literal.name) == literal)
    }

    @Test func invalidNamesAreRejected() {
        #expect(FourCC(name: "") == nil)
        #expect(FourCC(name: "NV12X") == nil)
        #expect(FourCC(name: "-BE") == nil)
        #expect(FourCC(name: "Ü12") == nil)
        #expect(FourCC(name: "N\u{1}12") == nil)
    }
}
