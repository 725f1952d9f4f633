/// Everything Iris knows about one pixel format: its planes and the names V4L2, DRM, libyuv and libav give
/// it. One row of `PixelFormatTable`; rows for formats Iris only captures (MJPEG) have no planes.
///
///     PixelFormat.i420.info.libavName   // "yuv420p"
public struct PixelFormatInfo: Sendable, Hashable, CustomStringConvertible {
    /// Iris's name, the raw value of `PixelFormat` and of IrisVideo's `CaptureFormat` ("nv12", "mjpeg").
    public let name: String
    /// The planes in memory order; empty for a compressed format, whose bytes are a bitstream.
    public let planes: [PixelFormat.PlaneLayout]
    /// Whether the samples are Y'CbCr (read with a `Colorimetry`) rather than RGB.
    public let isYCbCr: Bool
    /// The code V4L2 reports and accepts (`V4L2_PIX_FMT_*`).
    public let v4l2FourCC: FourCC
    /// Other V4L2 codes drivers use for the same bytes ("JPEG" for MJPEG).
    public let v4l2Aliases: [FourCC]
    /// The code DRM, GBM and EGL's dmabuf import use (`DRM_FORMAT_*`); nil when DRM has none.
    public let drmFourCC: FourCC?
    /// libyuv's name, the one its function names use ("NV12" in NV12ToARGB) and its `FOURCC_*` value.
    /// libyuv names 32-bit formats by the little-endian word: its "ARGB" is B, G, R, A in memory.
    public let libyuvFourCC: FourCC
    /// libav's name for `av_get_pix_fmt` ("nv12", "yuv420p"); nil for a compressed format.
    public let libavName: String?
    /// An RGB format whose samples start with blue (BGRA, BGR, BGRX).
    public let storesBlueFirst: Bool
    /// No alpha is stored: Y'CbCr, packed RGB, or a fourth byte that is padding (BGRX).
    public let isOpaque: Bool

    init(
        name: String, planes: [PixelFormat.PlaneLayout], isYCbCr: Bool, v4l2FourCC: FourCC, v4l2Aliases: [FourCC] = [],
        drmFourCC: FourCC?, libyuvFourCC: FourCC, libavName: String?, storesBlueFirst: Bool = false,
        isOpaque: Bool = true
    ) {
        self.name = name
        self.planes = planes
        self.isYCbCr = isYCbCr
        self.v4l2FourCC = v4l2FourCC
        self.v4l2Aliases = v4l2Aliases
        self.drmFourCC = drmFourCC
        self.libyuvFourCC = libyuvFourCC
        self.libavName = libavName
        self.storesBlueFirst = storesBlueFirst
        self.isOpaque = isOpaque
    }

    /// The uncompressed layout this row describes; nil for a compressed format.
    public var format: PixelFormat? { PixelFormat(rawValue: name) }

    /// A bitstream to decode (MJPEG) rather than planes to address.
    public var isCompressed: Bool { planes.isEmpty }

    public var description: String { name }
}
