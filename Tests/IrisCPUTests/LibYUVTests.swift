import IrisCore
import XCTest
import IrisBench
import IrisCPU

final class LibYUVTests: XCTestCase {
    /// One NV12 frame filled with a single Y'CbCr colour.
    func solidNV12(y: UInt8, cb: UInt8, cr: UInt8, width: Int = 4, height: Int = 2) -> PixelBuffer {
        var frame = PixelBuffer(width: width, height: height, format: .nv12)
        frame.planes[0].bytes = Array(repeating: y, count: frame.planes[0].bytes.count)
        frame.planes[1].bytes = (0..<frame.planes[1].bytes.count).map { $0 % 2 == 0 ? cb : cr }
        return frame
    }

    func testNV12ToARGBMatchesHandComputedBT601() throws {
        let (y, cb, cr): (Double, Double, Double) = (120, 90, 170)
        // BT.601 video range: R = 1.164(Y−16) + 1.596(Cr−128), G = 1.164(Y−16) − 0.392(Cb−128) − 0.813(Cr−128),
        // B = 1.164(Y−16) + 2.017(Cb−128).
        let yy = 1.164 * (y - 16)
        let expected = [yy + 1.596 * (cr - 128), yy - 0.392 * (cb - 128) - 0.813 * (cr - 128), yy + 2.017 * (cb - 128)]
            .map { UInt8(min(max($0, 0), 255).rounded()) }
        let out = try LibYUV.nv12ToARGB(solidNV12(y: UInt8(y), cb: UInt8(cb), cr: UInt8(cr)))
        XCTAssertEqual(out.format, .bgra8)
        let bytes = out.planes[0].bytes
        // libyuv "ARGB" is B, G, R, A in memory.
        let got = [bytes[2], bytes[1], bytes[0]]
        for c in 0..<3 {
            XCTAssertLessThanOrEqual(abs(Int(got[c]) - Int(expected[c])), 2, "channel \(c): \(got) vs \(expected)")
        }
        XCTAssertEqual(bytes[3], 255)
    }

    func testRGBAOutputIsBGRASwapped() throws {
        let frame = solidNV12(y: 200, cb: 60, cr: 150)
        let bgra = try LibYUV.convert(frame, to: .bgra8), rgba = try LibYUV.convert(frame, to: .rgba8)
        XCTAssertEqual(rgba.format, .rgba8)
        XCTAssertEqual(try LibYUV.swappingRedBlue(bgra), rgba)
    }

    func testCopiesAreExact() {
        let frame = solidNV12(y: 7, cb: 8, cr: 9, width: 6, height: 4)
        XCTAssertEqual(LibYUV.copy(frame), frame)
        XCTAssertEqual(MemoryCopy.copy(frame), frame)
    }

    func testRejectsRGBSource() {
        XCTAssertThrowsError(try LibYUV.nv12ToARGB(PixelBuffer(width: 2, height: 2, format: .rgba8)))
    }
}
