import Foundation
import IrisCPU
import IrisCore

/// A still image (PNG, JPEG) as a frame source: the same picture again and again at `frameRate`, paced
/// in real time, until the run stops it — so a still can be previewed or filtered live like a camera.
///
///     let source = try StillImageSource(path: "photo.jpg", frameRate: 30)
public final class StillImageSource: FrameSource {
    public let path: String
    public let frameRate: Double
    private let buffer: PixelBuffer
    private var sequence = 0
    private var pacer: ContinuousClock.Instant?

    public static let extensions = StillImageFormat.fileExtensions

    /// The same decoded picture is handed out again: no copy a frame.
    public var copiesFrames: Bool { false }

    public init(path: String, frameRate: Double = 30) throws(SourceError) {
        self.path = path
        self.frameRate = frameRate
        do {
            let still = try StillImage.read(contentsOf: path)
            let upright = Image(buffer: still.buffer).oriented(still.orientation)
            buffer = try Context(renderer: CPURenderer()).render(upright)
        } catch {
            throw .unavailable(path: path, cause: ErrorCause(error))
        }
    }

    public var sourceName: String { path }
    public var isLive: Bool { true }
    public var nominalFrameDuration: Double? { 1 / frameRate }
    public var framesLostAtSource: Int { 0 }

    public func readFrame() throws -> Frame? {
        let due = (pacer ?? .now) + .seconds(Double(sequence) / frameRate)
        if pacer == nil { pacer = .now }
        let wait = ContinuousClock.now.duration(to: due)
        if wait > .zero { Thread.sleep(forTimeInterval: wait.milliseconds / 1000) }
        defer { sequence += 1 }
        return Frame(buffer: buffer, timestamp: Double(sequence) / frameRate, sequence: sequence)
    }

    public func close() {}
}
