/// The one place pixel-format facts are written down, one row per format, as libcamera keeps its
/// formats: planes and subsampling, V4L2 and DRM FourCCs, libyuv's and libav's names, texture channels.
/// `PixelFormat`, capture, the recorder, libyuv baselines and the GLES uploader all read these rows.
///
///     PixelFormatTable.row(v4l2: "YU12")?.format   // .i420
public enum PixelFormatTable {
    public static let rows: [PixelFormatInfo] = [
        PixelFormatInfo(
            name: "rgba8", planes: [plane(1, 1, bytes: 4, channels: 4)], isYCbCr: false,
            v4l2FourCC: "AB24", drmFourCC: "AB24", libyuvFourCC: "ABGR", libavName: "rgba", isOpaque: false),
        PixelFormatInfo(
            name: "bgra8", planes: [plane(1, 1, bytes: 4, channels: 4)], isYCbCr: false,
            v4l2FourCC: "AR24", drmFourCC: "AR24", libyuvFourCC: "ARGB", libavName: "bgra", storesBlueFirst: true,
            isOpaque: false),
        // DRM names packed formats by the little-endian word, V4L2 by memory order: DRM's BGR888 is V4L2's
        // RGB24 (R, G, B in memory), and libcamera uses DRM's names. libyuv's RAW (FourCC "raw ") is R, G, B;
        // its RGB24 (FourCC "24BG") B, G, R.
        PixelFormatInfo(
            name: "rgb8", planes: [plane(1, 1, bytes: 3, channels: 3)], isYCbCr: false,
            v4l2FourCC: "RGB3", drmFourCC: "BG24", libyuvFourCC: "raw ", libavName: "rgb24"),
        PixelFormatInfo(
            name: "bgr8", planes: [plane(1, 1, bytes: 3, channels: 3)], isYCbCr: false,
            v4l2FourCC: "BGR3", drmFourCC: "RG24", libyuvFourCC: "24BG", libavName: "bgr24", storesBlueFirst: true),
        // V4L2's XBGR32 and DRM's XRGB8888 are both B, G, R, X in memory. libyuv reads it as its ARGB, alpha
        // and all: the renderers make it opaque.
        PixelFormatInfo(
            name: "bgrx8", planes: [plane(1, 1, bytes: 4, channels: 4)], isYCbCr: false,
            v4l2FourCC: "XR24", drmFourCC: "XR24", libyuvFourCC: "ARGB", libavName: "bgr0", storesBlueFirst: true),
        PixelFormatInfo(
            name: "nv12", planes: [plane(1, 1, bytes: 1, channels: 1), plane(2, 2, bytes: 2, channels: 2)],
            isYCbCr: true,
            v4l2FourCC: "NV12", drmFourCC: "NV12", libyuvFourCC: "NV12", libavName: "nv12"),
        PixelFormatInfo(
            name: "nv21", planes: [plane(1, 1, bytes: 1, channels: 1), plane(2, 2, bytes: 2, channels: 2)],
            isYCbCr: true,
            v4l2FourCC: "NV21", drmFourCC: "NV21", libyuvFourCC: "NV21", libavName: "nv21"),
        PixelFormatInfo(
            name: "i420",
            planes: [
                plane(1, 1, bytes: 1, channels: 1), plane(2, 2, bytes: 1, channels: 1),
                plane(2, 2, bytes: 1, channels: 1)
            ], isYCbCr: true,
            v4l2FourCC: "YU12", drmFourCC: "YU12", libyuvFourCC: "I420", libavName: "yuv420p"),
        // One sample of the packed plane is a Y Cb Y Cr macropixel covering two pixels.
        PixelFormatInfo(
            name: "yuyv", planes: [plane(2, 1, bytes: 4, channels: 4)], isYCbCr: true,
            v4l2FourCC: "YUYV", drmFourCC: "YUYV", libyuvFourCC: "YUY2", libavName: "yuyv422"),
        // Captured only, and decoded on the CPU; DRM has no code for it and libav treats it as a codec.
        PixelFormatInfo(
            name: "mjpeg", planes: [], isYCbCr: true, v4l2FourCC: "MJPG", v4l2Aliases: ["JPEG"],
            drmFourCC: nil, libyuvFourCC: "MJPG", libavName: nil)
    ]

    /// The row called `name` (`PixelFormat` and `CaptureFormat` raw values: "nv12", "mjpeg").
    public static func row(named name: String) -> PixelFormatInfo? { rows.first { $0.name == name } }

    /// The row for a V4L2 code, its own or an alias.
    public static func row(v4l2 fourCC: FourCC) -> PixelFormatInfo? {
        rows.first { $0.v4l2FourCC == fourCC || $0.v4l2Aliases.contains(fourCC) }
    }

    /// The row for a DRM FourCC (what KMS framebuffers and libcamera's PixelFormat name).
    public static func row(drm fourCC: FourCC) -> PixelFormatInfo? { rows.first { $0.drmFourCC == fourCC } }

    /// The row of an uncompressed format. Every `PixelFormat` has exactly one (PixelFormatTableTests).
    static func row(for format: PixelFormat) -> PixelFormatInfo {
        guard let row = rowsByFormat[format] else { preconditionFailure("PixelFormatTable has no row for \(format)") }
        return row
    }

    // Format properties are read per plane while planning and copying: a hash lookup, not a scan of names.
    private static let rowsByFormat: [PixelFormat: PixelFormatInfo] =
        Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.format.map { ($0, row) } })

    private static func plane(_ horizontal: Int, _ vertical: Int, bytes: Int, channels: Int) -> PixelFormat.PlaneLayout
    {
        PixelFormat.PlaneLayout(
            horizontalSubsampling: horizontal, verticalSubsampling: vertical, bytesPerSample: bytes,
            textureChannels: channels)
    }
}
