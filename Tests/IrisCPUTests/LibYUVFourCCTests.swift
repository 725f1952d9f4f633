import CYUV
import IrisCore
import Foundation
import Testing

/// The pixel-format table's libyuv names against libyuv's own `FOURCC_*` values.
@Suite(.serialized) struct LibYUVFourCCTests {
    @Test func libYUVNamesMatchLibYUVsFourCCs() {
        // libyuv's enum imports as Int32; the codes are below 2^31, so the bit pattern is the FourCC.
        let expected: [String: Int32] = [
            "rgba8": FOURCC_ABGR.rawValue, "bgra8": FOURCC_ARGB.rawValue, "nv12": FOURCC_NV12.rawValue,
            "nv21": FOURCC_NV21.rawValue, "i420": FOURCC_I420.rawValue, "yuyv": FOURCC_YUY2.rawValue,
            "mjpeg": FOURCC_MJPG.rawValue, "rgb8": FOURCC_RAW.rawValue, "bgr8": FOURCC_24BG.rawValue,
            "bgrx8": FOURCC_ARGB.rawValue
        ]
        for row in PixelFormatTable.rows {
            #expect(Int32(bitPattern: row.libyuvFourCC.code) == expected[row.name], "\(row.name)")
        }
    }
}
