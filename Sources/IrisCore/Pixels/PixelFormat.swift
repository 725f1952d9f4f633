/// The pixel layouts Iris reads and writes. Each format's planes, subsampling, FourCCs and library names
/// are one row of `PixelFormatTable`; the properties here read that row, and the renderers, readers,
/// capture, recorder and CLI all go through them.
///
///     let (chromaWidth, chromaHeight) = PixelFormat.nv12.planeSize(1, width: 640, height: 480)   // 320, 240
public enum PixelFormat: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// 8-bit R, G, B, A in memory order.
    case rgba8
    /// 8-bit B, G, R, A in memory order (DRM's ARGB8888, libyuv's "ARGB").
    case bgra8
    /// Packed 24-bit R, G, B in memory order (V4L2's RGB24, DRM's and libcamera's BGR888).
    case rgb8
    /// Packed 24-bit B, G, R in memory order (V4L2's BGR24, DRM's and libcamera's RGB888).
    case bgr8
    /// 8-bit B, G, R and an unused byte in memory order (DRM's and libcamera's XRGB8888); opaque.
    case bgrx8
    /// Y plane, then interleaved Cb Cr at half width and half height.
    case nv12
    /// Y plane, then interleaved Cr Cb at half width and half height.
    case nv21
    /// Y, Cb, Cr planes, chroma at half width and half height (V4L2's YU12).
    case i420
    /// Packed 4:2:2: Y0 Cb Y1 Cr.
    case yuyv

    /// One plane's geometry relative to the frame.
    public struct PlaneLayout: Sendable, Hashable {
        /// Divisors of the frame's width and height (rounded up).
        public let horizontalSubsampling: Int
        public let verticalSubsampling: Int
        /// Bytes per plane sample (per pixel of this plane's grid).
        public let bytesPerSample: Int
        /// Channels of the texture a GPU samples the plane through: 1 (luma, or one chroma component),
        /// 2 (interleaved chroma), 3 (packed RGB) or 4 (RGBA, BGRX, or a packed Y Cb Y Cr macropixel).
        public let textureChannels: Int

        init(horizontalSubsampling: Int, verticalSubsampling: Int, bytesPerSample: Int, textureChannels: Int) {
            self.horizontalSubsampling = horizontalSubsampling
            self.verticalSubsampling = verticalSubsampling
            self.bytesPerSample = bytesPerSample
            self.textureChannels = textureChannels
        }
    }

    /// This format's row of `PixelFormatTable`.
    public var info: PixelFormatInfo { PixelFormatTable.row(for: self) }

    public var planes: [PlaneLayout] { info.planes }

    public var isYCbCr: Bool { info.isYCbCr }

    /// Whether the samples are stored blue first (BGRA, BGR, BGRX), so a sample's first and third bytes swap.
    public var storesBlueFirst: Bool { info.storesBlueFirst }

    /// Whether the format has no alpha of its own (every Y'CbCr format, packed RGB, BGRX): its pixels are opaque.
    public var isOpaque: Bool { info.isOpaque }

    /// The V4L2 FourCC ("NV12", "YU12"). DRM's (`info.drmFourCC`) is the same except for packed 24-bit RGB,
    /// which DRM names by the little-endian word (V4L2's RGB24 is DRM's BGR888).
    public var fourCC: FourCC { info.v4l2FourCC }

    /// Width and height of plane `index` for a frame of `width`×`height`.
    public func planeSize(_ index: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        let p = planes[index]
        return (
            (width + p.horizontalSubsampling - 1) / p.horizontalSubsampling,
            (height + p.verticalSubsampling - 1) / p.verticalSubsampling
        )
    }

    public var description: String { rawValue }
}
