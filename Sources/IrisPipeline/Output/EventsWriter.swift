import Foundation
import IrisDetect

/// Writes detection results as JSON lines: one object per detected frame with its index, capture time,
/// size, detector time and features in the shape `iris detect --json` prints, in image coordinates of the
/// frame, bottom-left (y up) or top-left (y down) as `coordinates` says; each line names its convention.
/// Each line is written whole as soon as its frame is done.
///
///     let events = try EventsWriter(path: "events.jsonl", coordinates: .topLeft); try events.write(result)
public final class EventsWriter {
    public let path: String
    private let handle: FileHandle
    public let coordinates: CoordinateConvention
    private let encoder: JSONEncoder

    public init(path: String, coordinates: CoordinateConvention = .bottomLeft) throws(PipelineError) {
        self.path = path; self.coordinates = coordinates
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
        let coordinates: CoordinateConvention
        let features: FeatureList
        let failures: [String]?
    }

    public func write(_ result: DetectionResult) throws(PipelineError) {
        let line = Line(frame: result.frameIndex, timestamp: (result.timestamp * 1e6).rounded() / 1e6, width: result.width,
                        height: result.height, ms: (result.milliseconds * 100).rounded() / 100, coordinates: coordinates,
                        features: FeatureList(result.features, in: coordinates, pictureHeight: result.height),
                        failures: result.failures.isEmpty ? nil : result.failures)
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
