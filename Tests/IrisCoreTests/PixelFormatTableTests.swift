import Foundation
import IrisCore
import Testing

/// The pixel-format table against facts written out independently here: FourCC codes from the kernel
/// headers' definitions, frame sizes by hand, and one row per format.
@Suite(.serialized) struct PixelFormatTableTests {
    @Test func everyPixelFormatHasExactlyOneRow() {
        for format in PixelFormat.allCases {
            #expect((PixelFormatTable.rows.filter { $0.format == format }.count) == 1, "\(format)")
            #expect(format.info.name == format.rawValue)
        }
        #expect(Set(PixelFormatTable.rows.map(\.name)).count == PixelFormatTable.rows.count, "row names are unique")
    }

    @Test func v4L2CodesAreUniqueAcrossRowsAndAliases() {
        let codes = PixelFormatTable.rows.flatMap { [$0.v4l2FourCC] + $0.v4l2Aliases }
        #expect(Set(codes).count == codes.count)
    }

    @Test func fourCCCodesMatchTheKernelDefinitions() {
        // v4l2_fourcc(a, b, c, d) = a | b << 8 | c << 16 | d << 24, written out per format.
        let expected: [String: UInt32] = [
            "rgba8": 0x3432_4241, "bgra8": 0x3432_5241, "nv12": 0x3231_564E, "nv21": 0x3132_564E,
            "i420": 0x3231_5559, "yuyv": 0x5659_5559, "mjpeg": 0x4750_4A4D, "rgb8": 0x3342_4752,
            "bgr8": 0x3352_4742, "bgrx8": 0x3432_5258
        ]
        // DRM's codes are V4L2's except for packed 24-bit RGB, which DRM names by the little-endian word.
        let drmDiffers: [String: UInt32] = ["rgb8": 0x3432_4742, "bgr8": 0x3432_4752]
        for row in PixelFormatTable.rows {
            #expect(row.v4l2FourCC.code == expected[row.name], "\(row.name) V4L2")
            #expect(FourCC(name: row.v4l2FourCC.name) == row.v4l2FourCC, "\(row.name) name round trip")
            if let drm = row.drmFourCC {
                #expect(drm.code == (drmDiffers[row.name] ?? expected[row.name]), "\(row.name) DRM")
            }
        }
        #expect(PixelFormatTable.row(v4l2: FourCC(code: 0x4745_504A))?.name == "mjpeg", "JPEG is MJPEG's alias")
        #expect(PixelFormat.nv12.fourCC == "NV12")
        #expect(PixelFormat.i420.fourCC.code == 0x3231_5559)
    }

    @Test func libraryNames() {
        let libav = Dictionary(uniqueKeysWithValues: PixelFormat.allCases.map { ($0, $0.info.libavName) })
        #expect(
            libav == [
                .rgba8: "rgba", .bgra8: "bgra", .nv12: "nv12", .nv21: "nv21", .i420: "yuv420p", .yuyv: "yuyv422",
                .rgb8: "rgb24", .bgr8: "bgr24", .bgrx8: "bgr0"
            ])
        let libyuv = Dictionary(uniqueKeysWithValues: PixelFormat.allCases.map { ($0, $0.info.libyuvFourCC.name) })
        #expect(
            libyuv == [
                .rgba8: "ABGR", .bgra8: "ARGB", .nv12: "NV12", .nv21: "NV21", .i420: "I420", .yuyv: "YUY2",
                .rgb8: "raw",
                .bgr8: "24BG", .bgrx8: "ARGB"
            ])
    }

    @Test func frameByteSizes() {
        // 640×480: luma 307 200 bytes; 4:2:0 chroma a quarter of that per component.
        let expected: [PixelFormat: Int] = [
            .nv12: 460_800, .nv21: 460_800, .i420: 460_800, .yuyv: 614_400,
            .rgba8: 1_228_800, .bgra8: 1_228_800, .rgb8: 921_600, .bgr8: 921_600, .bgrx8: 1_228_800
        ]
        for (format, bytes) in expected {
            #expect(PixelBuffer(width: 640, height: 480, format: format).packedBytes.count == bytes, "\(format)")
        }
        #expect(PixelFormat.nv12.planeSize(1, width: 640, height: 480).width == 320)
        #expect(PixelFormat.i420.planeSize(2, width: 641, height: 481).height == 241, "odd sizes round up")
        #expect(PixelFormat.yuyv.planeSize(0, width: 640, height: 480).width == 320, "one sample per 2 pixels")
    }

    @Test func contiguousPlanesFollowV4L2sSinglePlanarLayout() {
        let nv12 = PixelFormat.nv12.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 640)
        #expect(nv12.map(\.offset) == [0, 307_200])
        #expect(nv12.map(\.bytesPerRow) == [640, 640])
        #expect(nv12.map(\.byteCount).reduce(0, +) == 460_800)
        let i420 = PixelFormat.i420.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 704)
        #expect(i420.map(\.bytesPerRow) == [704, 352, 352], "padded luma rows: chroma rows padded by half")
        #expect(i420.map(\.offset) == [0, 337_920, 422_400])
        let yuyv = PixelFormat.yuyv.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 1280)
        #expect(yuyv.map(\.byteCount) == [614_400])
    }

    @Test func textureChannelsCoverEachSample() {
        for format in PixelFormat.allCases {
            for plane in format.planes {
                #expect([1, 2, 3, 4].contains(plane.textureChannels), "\(format)")
                // Every format Iris has stores 8 bits per channel.
                #expect(plane.textureChannels == plane.bytesPerSample, "\(format)")
            }
        }
    }

    @Test func compressedRowsHaveNoPlanes() {
        let mjpeg = PixelFormatTable.row(named: "mjpeg")
        #expect(mjpeg?.isCompressed == true)
        #expect(mjpeg?.format == nil)
        #expect(mjpeg?.drmFourCC == nil)
        #expect(mjpeg?.libavName == nil)
        #expect(PixelFormat.allCases.allSatisfy { !$0.info.isCompressed })
        #expect(PixelFormat.allCases.filter(\.isYCbCr) == [.nv12, .nv21, .i420, .yuyv])
    }
}
