import CV4L2
import IrisCore

/// The camera pixel formats Iris streams, in the order it prefers them: NV12 first (what GPUs and
/// encoders take directly), MJPEG last (it must be decoded on the CPU).
public enum CaptureFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case nv12, nv21, i420, yuyv, mjpeg

    /// NV12, NV21, YU12 (I420), YUYV, then MJPEG.
    public static let preferenceOrder: [CaptureFormat] = [.nv12, .nv21, .i420, .yuyv, .mjpeg]

    /// The V4L2 FourCC code.
    public var code: UInt32 {
        switch self {
        case .nv12: return IRIS_V4L2_PIX_FMT_NV12
        case .nv21: return IRIS_V4L2_PIX_FMT_NV21
        case .i420: return IRIS_V4L2_PIX_FMT_YUV420
        case .yuyv: return IRIS_V4L2_PIX_FMT_YUYV
        case .mjpeg: return IRIS_V4L2_PIX_FMT_MJPEG
        }
    }

    /// "NV12", "NV21", "YU12", "YUYV", "MJPG".
    public var fourCC: FourCC { FourCC(code: code) }

    /// The layout of the frames Iris hands out: the raw formats as they are, MJPEG decoded to RGBA.
    public var pixelFormat: PixelFormat {
        switch self {
        case .nv12: return .nv12
        case .nv21: return .nv21
        case .i420: return .i420
        case .yuyv: return .yuyv
        case .mjpeg: return .rgba8
        }
    }

    /// The format for a V4L2 code; "JPEG" is treated as MJPEG (some drivers use either).
    public init?(code: UInt32) {
        if code == IRIS_V4L2_PIX_FMT_JPEG { self = .mjpeg; return }
        guard let f = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = f
    }

    /// Accepts Iris's names ("nv12", "i420") and FourCCs ("NV12", "YU12", "MJPG").
    public init?(name: String) {
        if let f = CaptureFormat(rawValue: name.lowercased()) { self = f; return }
        guard let f = Self.allCases.first(where: { $0.fourCC.name.lowercased() == name.lowercased() }) else { return nil }
        self = f
    }

    public var description: String { fourCC.name }
}
