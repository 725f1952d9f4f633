/// The pixel layouts Iris reads and writes. This table is the one definition of each layout's planes,
/// subsampling and bytes per sample; the renderers, the readers and the CLI all read it.
public enum PixelFormat: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// 8-bit R, G, B, A in memory order.
    case rgba8
    /// 8-bit B, G, R, A in memory order (DRM's ARGB8888, libyuv's "ARGB").
    case bgra8
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
    }

    public var planes: [PlaneLayout] {
        switch self {
        case .rgba8, .bgra8: return [PlaneLayout(horizontalSubsampling: 1, verticalSubsampling: 1, bytesPerSample: 4)]
        case .nv12, .nv21: return [PlaneLayout(horizontalSubsampling: 1, verticalSubsampling: 1, bytesPerSample: 1),
                                   PlaneLayout(horizontalSubsampling: 2, verticalSubsampling: 2, bytesPerSample: 2)]
        case .i420: return [PlaneLayout(horizontalSubsampling: 1, verticalSubsampling: 1, bytesPerSample: 1),
                            PlaneLayout(horizontalSubsampling: 2, verticalSubsampling: 2, bytesPerSample: 1),
                            PlaneLayout(horizontalSubsampling: 2, verticalSubsampling: 2, bytesPerSample: 1)]
        // One sample of the packed plane is a Y Cb Y Cr macropixel covering two pixels.
        case .yuyv: return [PlaneLayout(horizontalSubsampling: 2, verticalSubsampling: 1, bytesPerSample: 4)]
        }
    }

    public var isYCbCr: Bool { self != .rgba8 && self != .bgra8 }

    /// The V4L2/DRM FourCC spelling.
    public var fourCC: String {
        switch self {
        case .rgba8: return "AB24"
        case .bgra8: return "AR24"
        case .nv12: return "NV12"
        case .nv21: return "NV21"
        case .i420: return "YU12"
        case .yuyv: return "YUYV"
        }
    }

    /// Width and height of plane `index` for a frame of `width`×`height`.
    public func planeSize(_ index: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        let p = planes[index]
        return ((width + p.horizontalSubsampling - 1) / p.horizontalSubsampling,
                (height + p.verticalSubsampling - 1) / p.verticalSubsampling)
    }

    public var description: String { rawValue }
}
