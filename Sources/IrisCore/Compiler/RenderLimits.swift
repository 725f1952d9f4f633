/// What one render may cost, checked when it is planned: a plan over a limit is refused with a `PlanError`
/// naming the filter and the size, before any pixel buffer is allocated. The defaults suit a board with a
/// gigabyte or two of memory; raise them for large stills (`iris render --max-pixels 200 --max-memory 4096`).
///
///     var options = CompilerOptions(); options.limits.maximumMemory = 4 << 30
public struct RenderLimits: Sendable, Hashable {
    /// The most pixels the output may have (64 Mpx: an 8K frame and a 48 Mpx still fit).
    public var maximumOutputPixels: Int
    /// The most pixels one stored intermediate (a pass of one tile) may have.
    public var maximumIntermediatePixels: Int
    /// The most bytes a render may hold at once, estimated as the output buffer plus every intermediate of
    /// the largest tile at `bytesPerIntermediatePixel`.
    public var maximumMemory: Int

    /// What the renderers hold per intermediate pixel at most: four 32-bit floats on the CPU.
    public static let bytesPerIntermediatePixel = 16

    public static let defaultMaximumOutputPixels = 64_000_000
    public static let defaultMaximumMemory = 1 << 30

    public init(
        maximumOutputPixels: Int = RenderLimits.defaultMaximumOutputPixels,
        maximumIntermediatePixels: Int = RenderLimits.defaultMaximumOutputPixels,
        maximumMemory: Int = RenderLimits.defaultMaximumMemory
    ) {
        self.maximumOutputPixels = maximumOutputPixels
        self.maximumIntermediatePixels = maximumIntermediatePixels
        self.maximumMemory = maximumMemory
    }

    /// The defaults, with the pixel limits set from `megapixels` and the memory limit from `mebibytes` where
    /// given: how `--max-pixels` and `--max-memory` (and a pipeline file's `maxPixels`, `maxMemory`) read.
    public init(megapixels: Double?, mebibytes: Double?) {
        self.init()
        if let megapixels {
            maximumOutputPixels = Self.clamped(megapixels * 1e6)
            maximumIntermediatePixels = maximumOutputPixels
        }
        if let mebibytes { maximumMemory = Self.clamped(mebibytes * 1_048_576) }
    }

    private static func clamped(_ value: Double) -> Int { value >= 9e18 ? .max : Int(max(value, 0)) }

    /// No limits: for tests and tools that build plans they know to be small.
    public static let unlimited = RenderLimits(
        maximumOutputPixels: .max, maximumIntermediatePixels: .max, maximumMemory: .max)
}
