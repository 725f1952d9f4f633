import Foundation
import IrisDetect

/// Writes detection results as JSON lines: one object per detected frame with its index, capture time,
/// size, detector time and features in the shape `iris detect --json` prints (image coordinates, origin
/// bottom-left, y up). Each line is written whole as soon as its frame is done.
///
///     let events = try EventsWriter(path: "events.jsonl"); try events.write(result)
public final class EventsWriter {
    public let path: String
    private let handle: FileHandle
    private let encoder: JSONEncoder

    public static let coordinates = "pixels of the frame, origin bottom-left, y up"

    public init(path: String) throws(PipelineError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .output(path: path, reason: "cannot create the file (\(String(cString: strerror(errno))))")
        }
        self.handle = handle
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    deinit { try? handle.close() }

    struct Line: Encodable {
        let frame: Int
        let timestamp: Double
        let width: Int
        let height: Int
        let ms: Double
        let coordinates: String
        let features: FeatureList
        let failures: [String]?
    }

    public func write(_ result: DetectionResult) throws(PipelineError) {
        let line = Line(frame: result.frameIndex, timestamp: (result.timestamp * 1e6).rounded() / 1e6, width: result.width,
                        height: result.height, ms: (result.milliseconds * 100).rounded() / 100, coordinates: Self.coordinates,
                        features: FeatureList(result.features), failures: result.failures.isEmpty ? nil : result.failures)
        do {
            var data = try encoder.encode(line)
            data.append(0x0A)
            try handle.write(contentsOf: data)
        } catch {
            throw .output(path: path, reason: "\(error)")
        }
    }

    public func close() { try? handle.synchronize(); try? handle.close() }
}
