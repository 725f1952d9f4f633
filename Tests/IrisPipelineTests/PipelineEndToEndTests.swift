import Foundation
import IrisCPU
import IrisCore
import IrisDetect
import IrisPipeline
import IrisVideo
import Testing

/// A whole run on a recording, every output but the display checked: the recording's frame count and
/// timestamps, the events against the detectors run one frame at a time, the overlays where the events
/// say the features are, the metrics file; and a stop mid-run that still leaves a complete file.
@Suite(.serialized) struct PipelineEndToEndTests {
    struct Run {
        let directory: String
        let source: [Frame]
        let summary: PipelineSummary
        var recordingPath: String { directory + "/out.mkv" }
        var eventsPath: String { directory + "/events.jsonl" }
    }

    static func run(frames: Int = 12, overlays: Bool = true, every: Int = 2) throws -> Run {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        let source = try PipelineTestClips.movingQRCode(at: clip, frames: frames)
        var config = PipelineConfiguration(source: SourceRequest(path: clip))
        config.filters = [.sepiaTone(intensity: 0.3)]
        config.detection.types = [.qrCode]
        config.detection.every = every
        config.renderer = .cpu
        var record = RecordOutput(path: directory + "/out.mkv")
        record.codec = .ffv1
        config.record = record
        config.eventsPath = directory + "/events.jsonl"
        config.metricsPath = directory + "/metrics.json"
        config.overlays = overlays
        config.overlayStyle.lineWidth = 6
        let summary = try Pipeline(configuration: config).run()
        return Run(directory: directory, source: source, summary: summary)
    }

    struct EventLine: Decodable {
        struct Feature: Decodable {
            let type: String
            let message: String?
            let corners: [String: [Double]]
        }
        let frame: Int
        let timestamp: Double
        let features: [Feature]
    }

    static func events(_ path: String) throws -> [EventLine] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(EventLine.self, from: Data($0.utf8)) }
    }

    @Test func aRecordingRunKeepsEveryFrameAndItsTimes() throws {
        let run = try Self.run()
        let m = run.summary.metrics
        #expect(run.summary.errors.isEmpty, "\(run.summary.errors)")
        #expect(m.framesIn == 12)
        let drops = m.drops.source + m.drops.capture + m.drops.recorder
        let recorded = try #require(run.summary.recording)
        #expect(recorded.frames == m.framesIn - drops)
        #expect(recorded.width == 320 && recorded.height == 240)
        let back = try Recording(path: run.recordingPath)
        var times: [Double] = []
        while let frame = try back.nextFrame() { times.append(frame.timestamp) }
        #expect(times.count == recorded.frames)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "timestamps \(times)")
        #expect(abs((times.last ?? 0) - 11.0 / 15) < 0.002)
        let metrics =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: run.directory + "/metrics.json"))) as? [String: Any]
        #expect((metrics?["metrics"] as? [String: Any])?["framesRecorded"] as? Int == recorded.frames)
    }

    @Test func eventsEqualTheDetectorsRunFrameByFrame() throws {
        let run = try Self.run()
        let lines = try Self.events(run.eventsPath)
        #expect(lines.map(\.frame) == [0, 2, 4, 6, 8, 10])
        var detectors = try DetectorSet(types: [.qrCode])
        for line in lines {
            let expected = detectors.detect(run.source[line.frame], index: line.frame).features.qrCodes
            #expect(line.features.count == expected.count)
            #expect(expected.count == 1)
            for (got, want) in zip(line.features, expected) {
                #expect(got.message == want.messageString && got.message == PipelineTestClips.message)
                let corner = try #require(got.corners["topLeft"])
                #expect(
                    abs(corner[0] - want.corners.topLeft.x) < 0.01 && abs(corner[1] - want.corners.topLeft.y) < 0.01)
            }
            #expect(abs(line.timestamp - Double(line.frame) / 15) < 1e-6)
        }
    }

    @Test func overlaysAppearWhereTheEventsSayAndNowhereWithoutThem() throws {
        let with = try Self.run(frames: 5), without = try Self.run(frames: 5, overlays: false)
        let line = try #require(try Self.events(with.eventsPath).first { $0.frame == 4 })
        let tl = try #require(line.features.first?.corners["topLeft"]),
            tr = try #require(line.features.first?.corners["topRight"])
        let edge = (x: Int((tl[0] + tr[0]) / 2), y: Int((tl[1] + tr[1]) / 2))
        func pixel(_ run: Run) throws -> SIMD4<UInt8> {
            let back = try Recording(path: run.recordingPath)
            var frame: Frame?
            for _ in 0...4 { frame = try back.nextFrame() }
            let rgba = try Context(renderer: CPURenderer()).render(Image(frame: try #require(frame)))
            return rgba.rgba(x: edge.x, row: rgba.height - 1 - edge.y)
        }
        let drawn = try pixel(with), plain = try pixel(without)
        #expect(Int(drawn.y) > Int(drawn.x) + 80 && Int(drawn.y) > Int(drawn.z) + 60, "overlay pixel \(drawn)")
        #expect(!(Int(plain.y) > Int(plain.x) + 80), "pixel without overlays \(plain)")
    }

    @Test func aStopMidRunFinishesTheRecording() throws {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        _ = try PipelineTestClips.movingQRCode(at: clip, frames: 6)
        var config = PipelineConfiguration(source: SourceRequest(path: clip, looping: true, realTime: true))
        config.renderer = .cpu
        config.record = RecordOutput(path: directory + "/stopped.mp4")
        let stop = StopRequest()
        Thread {
            Thread.sleep(forTimeInterval: 1.5)
            stop.request("test stop")
        }.start()
        let summary = try Pipeline(configuration: config).run(stop: stop)
        #expect(summary.stoppedBy == "test stop")
        let recorded = try #require(summary.recording)
        #expect(recorded.frames > 6)
        let back = try Recording(path: directory + "/stopped.mp4")
        var count = 0
        while try back.nextFrame() != nil { count += 1 }
        #expect(count == recorded.frames)
    }

    @Test func aMissingSourceIsATypedErrorNamingIt() throws {
        var config = PipelineConfiguration(source: SourceRequest(path: "/nonexistent/clip.mkv"))
        config.renderer = .cpu
        #expect {
            try Pipeline(configuration: config).run()
        } throws: { error in
            guard case let .source(path, _) = error as? PipelineError else { return false }
            return path == "/nonexistent/clip.mkv"
        }
    }

    @Test func aMissingCameraIsATypedErrorNamingIt() throws {
        var config = PipelineConfiguration(source: SourceRequest(path: "/dev/video97"))
        config.renderer = .cpu
        #expect {
            try Pipeline(configuration: config).run()
        } throws: { error in
            guard case let .source(path, cause) = error as? PipelineError else { return false }
            // The camera's own error is kept, typed, not only its text.
            return path == "/dev/video97" && cause.error as? CaptureError == .noSuchDevice(path: "/dev/video97")
                && cause.description.contains("no such video device")
        }
    }
}
