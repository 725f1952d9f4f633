import CAV
import CDRM
import CV4L2
import IrisCore
import IrisVideo
import Testing

/// IrisCore's pixel-format table against the libraries' own headers: V4L2's and DRM's FourCC macros
/// (re-exported by the shims) and libav's pixel-format enum.
@Suite struct PixelFormatTableHeaderTests {
    @Test func v4l2CodesMatchVideodev2() {
        let expected: [String: UInt32] = [
            "rgba8": IRIS_V4L2_PIX_FMT_RGBA32, "bgra8": IRIS_V4L2_PIX_FMT_ABGR32, "nv12": IRIS_V4L2_PIX_FMT_NV12,
            "nv21": IRIS_V4L2_PIX_FMT_NV21, "i420": IRIS_V4L2_PIX_FMT_YUV420, "yuyv": IRIS_V4L2_PIX_FMT_YUYV,
            "mjpeg": IRIS_V4L2_PIX_FMT_MJPEG, "rgb8": IRIS_V4L2_PIX_FMT_RGB24, "bgr8": IRIS_V4L2_PIX_FMT_BGR24,
            "bgrx8": IRIS_V4L2_PIX_FMT_XBGR32
        ]
        #expect(PixelFormatTable.rows.count == expected.count)
        for row in PixelFormatTable.rows { #expect(row.v4l2FourCC.code == expected[row.name], "\(row.name)") }
        #expect(PixelFormatTable.row(named: "mjpeg")?.v4l2Aliases.map(\.code) == [IRIS_V4L2_PIX_FMT_JPEG])
    }

    @Test func drmCodesMatchDrmFourcc() {
        let expected: [String: UInt32] = [
            "rgba8": IRIS_DRM_FORMAT_ABGR8888, "bgra8": IRIS_DRM_FORMAT_ARGB8888, "nv12": IRIS_DRM_FORMAT_NV12,
            "nv21": IRIS_DRM_FORMAT_NV21, "i420": IRIS_DRM_FORMAT_YUV420, "yuyv": IRIS_DRM_FORMAT_YUYV,
            // DRM names packed RGB by the little-endian word: its BGR888 is R, G, B in memory.
            "rgb8": IRIS_DRM_FORMAT_BGR888, "bgr8": IRIS_DRM_FORMAT_RGB888, "bgrx8": IRIS_DRM_FORMAT_XRGB8888
        ]
        for row in PixelFormatTable.rows { #expect(row.drmFourCC?.code == expected[row.name], "\(row.name)") }
        #expect(ScanoutBuffer.xrgb8888.code == IRIS_DRM_FORMAT_XRGB8888)
    }

    @Test func libavNamesNameTheExpectedPixelFormats() {
        let expected: [PixelFormat: AVPixelFormat] = [
            .rgba8: AV_PIX_FMT_RGBA, .bgra8: AV_PIX_FMT_BGRA, .nv12: AV_PIX_FMT_NV12, .nv21: AV_PIX_FMT_NV21,
            .i420: AV_PIX_FMT_YUV420P, .yuyv: AV_PIX_FMT_YUYV422, .rgb8: AV_PIX_FMT_RGB24, .bgr8: AV_PIX_FMT_BGR24,
            .bgrx8: AV_PIX_FMT_BGR0
        ]
        for format in PixelFormat.allCases {
            let name = format.info.libavName
            #expect(name.map { av_get_pix_fmt($0) } == expected[format], "\(format)")
        }
    }

    @Test func everyCaptureFormatIsATableRow() {
        for format in CaptureFormat.allCases {
            #expect(format.info.name == format.rawValue)
            #expect(CaptureFormat(code: format.code) == format)
            #expect(format.info.isCompressed == (format == .mjpeg))
        }
        #expect(CaptureFormat(code: IRIS_V4L2_PIX_FMT_JPEG) == .mjpeg)
        #expect(CaptureFormat(code: IRIS_V4L2_PIX_FMT_RGBA32) == nil, "a table row Iris does not capture")
    }
}
