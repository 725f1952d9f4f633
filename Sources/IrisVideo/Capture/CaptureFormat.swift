import IrisCore

/// The camera pixel formats Iris streams, in the order it prefers them: NV12 first (what GPUs and
/// encoders take directly), then the other Y'CbCr layouts, then packed RGB (what a libcamera pipeline
/// without a YUV output gives; more bytes a pixel), MJPEG last (it must be decoded on the CPU). Each is a row of IrisCore's
/// `PixelFormatTable`, which holds its V4L2 codes.
///
///     CaptureFormat(code: IRIS_V4L2_PIX_FMT_YUV420)   // .i420
public enum CaptureFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case nv12, nv21, i420, yuyv, bgrx8, bgr8, rgb8, mjpeg

    /// NV12, NV21, YU12 (I420), YUYV, BGRX (V4L2's XBGR32), BGR24, RGB24, then MJPEG.
    public static let preferenceOrder: [CaptureFormat] = [.nv12, .nv21, .i420, .yuyv, .bgrx8, .bgr8, .rgb8, .mjpeg]

    /// This format's row of the pixel-format table (same name).
    public var info: PixelFormatInfo {
        guard let row = PixelFormatTable.row(named: rawValue) else {
            preconditionFailure("PixelFormatTable has no row \(rawValue)")
        }
        return row
    }

    /// The V4L2 FourCC code.
    public var code: UInt32 { fourCC.code }

    /// "NV12", "NV21", "YU12", "YUYV", "MJPG".
    public var fourCC: FourCC { info.v4l2FourCC }

    /// The layout of the frames Iris hands out: the raw formats as they are, MJPEG as `JPEGCodec`
    /// decodes it (RGBA).
    public var pixelFormat: PixelFormat { info.format ?? .rgba8 }

    /// The format for a V4L2 code, the table's or an alias ("JPEG" is MJPEG: some drivers use either).
    public init?(code: UInt32) {
        guard let row = PixelFormatTable.row(v4l2: FourCC(code: code)) else { return nil }
        self.init(rawValue: row.name)
    }

    /// Accepts Iris's names ("nv12", "i420") and FourCCs ("NV12", "YU12", "MJPG").
    public init?(name: String) {
        if let f = CaptureFormat(rawValue: name.lowercased()) {
            self = f
            return
        }
        guard let f = Self.allCases.first(where: { $0.fourCC.name.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = f
    }

    public var description: String { fourCC.name }
}
