/// The Y4M "C" tags Iris reads. The 4:2:0 variants differ only in chroma siting, which an `.i420`
/// buffer does not record; all four become `.i420`. Mono becomes `.i420` with neutral chroma.
/// 4:2:2 and 4:4:4 have no `PixelFormat` yet: the reader averages their chroma down to `.i420`.
/// High-bit-depth tags (420p10, …) are rejected when parsed.
public enum Y4MColorspace: String, Sendable, CaseIterable {
    case c420jpeg = "420jpeg"
    case c420paldv = "420paldv"
    case c420mpeg2 = "420mpeg2"
    case c420 = "420"
    case c422 = "422"
    case c444 = "444"
    case mono = "mono"

    /// Whether the file stores luma only.
    public var isMonochrome: Bool { self == .mono }

    /// Divisors of the frame's width and height for the Cb and Cr planes as stored in the file
    /// ((2, 2) for mono, whose reader makes neutral 4:2:0 chroma).
    public var chromaSubsampling: (horizontal: Int, vertical: Int) {
        switch self {
        case .c420jpeg, .c420paldv, .c420mpeg2, .c420, .mono: return (2, 2)
        case .c422: return (2, 1)
        case .c444: return (1, 1)
        }
    }

    /// Width and height of each stored chroma plane (nothing is stored for mono).
    public func chromaPlaneSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let (h, v) = chromaSubsampling
        return ((width + h - 1) / h, (height + v - 1) / v)
    }

    /// Bytes of one frame's payload (after its FRAME line): luma, then the Cb and Cr planes.
    public func frameByteCount(width: Int, height: Int) -> Int {
        let luma = width * height
        if isMonochrome { return luma }
        let chroma = chromaPlaneSize(width: width, height: height)
        return luma + 2 * chroma.width * chroma.height
    }
}
