import XCTest
import IrisCore

/// The pixel-format table against facts written out independently here: FourCC codes from the kernel
/// headers' definitions, frame sizes by hand, and one row per format.
final class PixelFormatTableTests: XCTestCase {
    func testEveryPixelFormatHasExactlyOneRow() {
        for format in PixelFormat.allCases {
            XCTAssertEqual(PixelFormatTable.rows.filter { $0.format == format }.count, 1, "\(format)")
            XCTAssertEqual(format.info.name, format.rawValue)
        }
        XCTAssertEqual(
            Set(PixelFormatTable.rows.map(\.name)).count, PixelFormatTable.rows.count, "row names are unique")
    }

    func testV4L2CodesAreUniqueAcrossRowsAndAliases() {
        let codes = PixelFormatTable.rows.flatMap { [$0.v4l2FourCC] + $0.v4l2Aliases }
        XCTAssertEqual(Set(codes).count, codes.count)
    }

    func testFourCCCodesMatchTheKernelDefinitions() {
        // v4l2_fourcc(a, b, c, d) = a | b << 8 | c << 16 | d << 24, written out per format.
        let expected: [String: UInt32] = [
            "rgba8": 0x3432_4241, "bgra8": 0x3432_5241, "nv12": 0x3231_564E, "nv21": 0x3132_564E,
            "i420": 0x3231_5559, "yuyv": 0x5659_5559, "mjpeg": 0x4750_4A4D
        ]
        for row in PixelFormatTable.rows {
            XCTAssertEqual(row.v4l2FourCC.code, expected[row.name], "\(row.name) V4L2")
            XCTAssertEqual(FourCC(name: row.v4l2FourCC.name), row.v4l2FourCC, "\(row.name) name round trip")
            if let drm = row.drmFourCC { XCTAssertEqual(drm.code, expected[row.name], "\(row.name) DRM") }
        }
        XCTAssertEqual(PixelFormatTable.row(v4l2: FourCC(code: 0x4745_504A))?.name, "mjpeg", "JPEG is MJPEG's alias")
        XCTAssertEqual(PixelFormat.nv12.fourCC, "NV12")
        XCTAssertEqual(PixelFormat.i420.fourCC.code, 0x3231_5559)
    }

    func testLibraryNames() {
        let libav = Dictionary(uniqueKeysWithValues: PixelFormat.allCases.map { ($0, $0.info.libavName) })
        XCTAssertEqual(
            libav, [.rgba8: "rgba", .bgra8: "bgra", .nv12: "nv12", .nv21: "nv21", .i420: "yuv420p", .yuyv: "yuyv422"])
        let libyuv = Dictionary(uniqueKeysWithValues: PixelFormat.allCases.map { ($0, $0.info.libyuvFourCC.name) })
        XCTAssertEqual(
            libyuv, [.rgba8: "ABGR", .bgra8: "ARGB", .nv12: "NV12", .nv21: "NV21", .i420: "I420", .yuyv: "YUY2"])
    }

    func testFrameByteSizes() {
        // 640×480: luma 307 200 bytes; 4:2:0 chroma a quarter of that per component.
        let expected: [PixelFormat: Int] = [
            .nv12: 460_800, .nv21: 460_800, .i420: 460_800, .yuyv: 614_400,
            .rgba8: 1_228_800, .bgra8: 1_228_800
        ]
        for (format, bytes) in expected {
            XCTAssertEqual(PixelBuffer(width: 640, height: 480, format: format).packedBytes.count, bytes, "\(format)")
        }
        XCTAssertEqual(PixelFormat.nv12.planeSize(1, width: 640, height: 480).width, 320)
        XCTAssertEqual(PixelFormat.i420.planeSize(2, width: 641, height: 481).height, 241, "odd sizes round up")
        XCTAssertEqual(PixelFormat.yuyv.planeSize(0, width: 640, height: 480).width, 320, "one sample per 2 pixels")
    }

    func testContiguousPlanesFollowV4L2sSinglePlanarLayout() {
        let nv12 = PixelFormat.nv12.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 640)
        XCTAssertEqual(nv12.map(\.offset), [0, 307_200])
        XCTAssertEqual(nv12.map(\.bytesPerRow), [640, 640])
        XCTAssertEqual(nv12.map(\.byteCount).reduce(0, +), 460_800)
        let i420 = PixelFormat.i420.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 704)
        XCTAssertEqual(i420.map(\.bytesPerRow), [704, 352, 352], "padded luma rows: chroma rows padded by half")
        XCTAssertEqual(i420.map(\.offset), [0, 337_920, 422_400])
        let yuyv = PixelFormat.yuyv.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 1280)
        XCTAssertEqual(yuyv.map(\.byteCount), [614_400])
    }

    func testTextureChannelsCoverEachSample() {
        for format in PixelFormat.allCases {
            for plane in format.planes {
                XCTAssertTrue([1, 2, 4].contains(plane.textureChannels), "\(format)")
                // Every format Iris has stores 8 bits per channel.
                XCTAssertEqual(plane.textureChannels, plane.bytesPerSample, "\(format)")
            }
        }
    }

    func testCompressedRowsHaveNoPlanes() {
        let mjpeg = PixelFormatTable.row(named: "mjpeg")
        XCTAssertEqual(mjpeg?.isCompressed, true)
        XCTAssertNil(mjpeg?.format)
        XCTAssertNil(mjpeg?.drmFourCC)
        XCTAssertNil(mjpeg?.libavName)
        XCTAssertTrue(PixelFormat.allCases.allSatisfy { !$0.info.isCompressed })
        XCTAssertEqual(PixelFormat.allCases.filter(\.isYCbCr), [.nv12, .nv21, .i420, .yuyv])
    }
}
