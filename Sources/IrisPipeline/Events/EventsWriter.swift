import Foundation
import IrisDetect
import IrisVideo
import Synchronization

/// Writes detection results as JSON lines: one object per detected frame with its index, capture time,
/// size, detector time and features in the shape `iris detect --json` prints, in image coordinates of the
/// frame, bottom-left (y up) or top-left (y down) as `coordinates` says; each line names its convention.
/// Each line is written whole as soon as its frame is done. The file follows the output policy
/// (`OutputFile`): a regular file is locked against a second run and written beside itself, then renamed
/// into place by `close()` (a killed run leaves `.NAME.partial-PID.jsonl`); to follow events live, name a
/// FIFO or `/dev/stdout`, which are written in place.
///
///     let events = try EventsWriter(path: "events.jsonl", coordinates: .topLeft); try events.write(result)
public final class EventsWriter: Sendable {
    public let path: String
    /// The file and its encoder, used by one thread at a time (the detector stage).
    private let output: Mutex<Output>
    private struct Output {
        let file: OutputFile
        let encoder: JSONEncoder
    }
    public let coordinates: CoordinateConvention

    /// Claims and opens `path`; a FIFO's reader is waited for until `latch` trips.
    public init(
        path: String, coordinates: CoordinateConvention = .bottomLeft,
        latch: StopLatch = .current
    ) throws(PipelineError) {
        let file: OutputFile
        do { file = try OutputFile(path: path, latch: latch) } catch {
            throw .output(path: path, reason: error.reason)
        }
        self.path = path
        self.coordinates = coordinates
        output = Mutex(Output(file: file, encoder: Self.lineEncoder()))
    }

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

    /// The JSON object of one result, without its newline: what a line of the file holds, and what a web
    /// preview pushes to its viewers.
    static func line(
        for result: DetectionResult, coordinates: CoordinateConvention, encoder: JSONEncoder = lineEncoder()
    ) throws(PipelineError) -> [UInt8] {
        let line = Line(
            frame: result.frameIndex, timestamp: (result.timestamp * 1e6).rounded() / 1e6, width: result.width,
            height: result.height, ms: (result.milliseconds * 100).rounded() / 100, coordinates: coordinates,
            features: FeatureList(result.features, in: coordinates, pictureHeight: result.height),
            failures: result.failures.isEmpty ? nil : result.failures)
        do { return Array(try encoder.encode(line)) } catch {
            throw .output(
                path: "events", reason: "a detection could not be encoded as JSON (\(error.localizedDescription))")
        }
    }

    static func lineEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public func write(_ result: DetectionResult) throws(PipelineError) {
        let path = path, coordinates = coordinates
        try output.withLock { output throws(PipelineError) in
            let data: [UInt8]
            do { data = try Self.line(for: result, coordinates: coordinates, encoder: output.encoder) } catch {
                throw .output(path: path, reason: "a detection could not be encoded as JSON")
            }
            do throws(OutputError) { try output.file.write(data + [0x0A]) } catch {
                throw .output(path: path, reason: error.reason)
            }
        }
    }

    /// Writes one tracked object's lifecycle event as a line (`--events-kind objects`).
    public func write(_ event: ObjectEvent) throws(PipelineError) {
        let path = path
        try output.withLock { output throws(PipelineError) in
            let data: [UInt8]
            do { data = Array(try output.encoder.encode(event)) } catch {
                throw .output(path: path, reason: "an object event could not be encoded as JSON")
            }
            do throws(OutputError) { try output.file.write(data + [0x0A]) } catch {
                throw .output(path: path, reason: error.reason)
            }
        }
    }

    /// Finishes the file: renamed into place (a regular file) or closed (a stream).
    public func close() throws(PipelineError) {
        let path = path
        try output.withLock { output throws(PipelineError) in
            do throws(OutputError) { try output.file.commit() } catch {
                throw .output(path: path, reason: error.reason)
            }
        }
    }
}
