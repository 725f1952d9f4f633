/// The Y4M "C" tags Iris reads. The 4:2:0 variants differ only in chroma siting, which an `.i420`
/// buffer does not record; all four become `.i420`. Mono becomes `.i420` with neutral chroma.
/// 4:2:2, 4:4:4 and high-bit-depth tags have no `PixelFormat` yet and are rejected when parsed.
public enum Y4MColorspace: String, Sendable, CaseIterable {
    case c420jpeg = "420jpeg", c420paldv = "420paldv", c420mpeg2 = "420mpeg2", c420 = "420"
    case mono = "mono"

    /// Whether the file stores luma only.
    public var isMonochrome: Bool { self == .mono }

    /// Bytes of one frame's payload (after its FRAME line): luma, then two quarter-size chroma planes.
    public func frameByteCount(width: Int, height: Int) -> Int {
        let luma = width * height
        if isMonochrome { return luma }
        return luma + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }
}
