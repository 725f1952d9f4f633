import Synchronization

/// The bytes a step moved, by kind: what the CPU copied as it was, what it converted (read in one layout,
/// wrote in another: a render, a colour conversion, an encode's input), what went up to the GPU and what came
/// back from it. The pipeline's metrics count these per stage; renderers count theirs in `Renderer.traffic`.
///
///     let upload = ByteTraffic(gpuUploaded: 640 * 480 * 3 / 2)   // one NV12 frame up to the GPU
public struct ByteTraffic: Sendable, Hashable, Codable {
    public var cpuCopied: Int
    public var cpuConverted: Int
    public var gpuUploaded: Int
    public var gpuReadBack: Int

    public init(cpuCopied: Int = 0, cpuConverted: Int = 0, gpuUploaded: Int = 0, gpuReadBack: Int = 0) {
        self.cpuCopied = cpuCopied
        self.cpuConverted = cpuConverted
        self.gpuUploaded = gpuUploaded
        self.gpuReadBack = gpuReadBack
    }

    public var total: Int { cpuCopied + cpuConverted + gpuUploaded + gpuReadBack }

    public static func + (a: ByteTraffic, b: ByteTraffic) -> ByteTraffic {
        ByteTraffic(
            cpuCopied: a.cpuCopied + b.cpuCopied, cpuConverted: a.cpuConverted + b.cpuConverted,
            gpuUploaded: a.gpuUploaded + b.gpuUploaded, gpuReadBack: a.gpuReadBack + b.gpuReadBack)
    }

    public static func - (a: ByteTraffic, b: ByteTraffic) -> ByteTraffic {
        ByteTraffic(
            cpuCopied: a.cpuCopied - b.cpuCopied, cpuConverted: a.cpuConverted - b.cpuConverted,
            gpuUploaded: a.gpuUploaded - b.gpuUploaded, gpuReadBack: a.gpuReadBack - b.gpuReadBack)
    }

    public static func += (a: inout ByteTraffic, b: ByteTraffic) { a = a + b }

    /// The traffic divided among `count` frames (rounded down), for "bytes a frame".
    public func perFrame(_ count: Int) -> ByteTraffic {
        guard count > 0 else { return ByteTraffic() }
        return ByteTraffic(
            cpuCopied: cpuCopied / count, cpuConverted: cpuConverted / count, gpuUploaded: gpuUploaded / count,
            gpuReadBack: gpuReadBack / count)
    }
}

/// A running `ByteTraffic` total that several threads add to.
public final class ByteTrafficCounter: Sendable {
    private let value = Mutex(ByteTraffic())

    public init() {}

    public func add(_ traffic: ByteTraffic) { value.withLock { $0 += traffic } }

    public var total: ByteTraffic { value.withLock { $0 } }
}
