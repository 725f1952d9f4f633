import Foundation
import IrisCore
import IrisVideo
import Testing

/// `iris run` as a user runs it: the default job on the bundled recording, a raw stream on standard input,
/// a bad pipeline file, and `--version`.
@Suite(.serialized) struct RunCommandTests {
    @Test(.enabled(if: IrisExecutable.path != nil)) func theDefaultJobWritesRecordingEventsAndMetrics() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(
            ["run", "--frames", "6", "--detect", "qr,rect", "--renderer", "cpu", "--output-dir", "out"],
            in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        // No display on a test machine: `--preview auto` (the default) warns once and goes on.
        if !FileManager.default.fileExists(atPath: "/dev/dri") {
            #expect(result.stderrLines.filter { $0.hasPrefix("warning: no preview") }.count == 1, "\(result.stderr)")
        }
        #expect(result.stdout.contains("recording: out/recording.mp4: 6 frames"), "\(result.stdout)")
        #expect(
            result.stdout.contains("events: out/events.jsonl") && result.stdout.contains("metrics: out/metrics.json"))
        let recording = try Recording(path: folder.path + "/out/recording.mp4")
        var frames = 0
        while let frame = try recording.nextFrame() {
            #expect(frame.buffer.width == 640 && frame.buffer.height == 480)
            frames += 1
        }
        #expect(frames == 6)
        let events = try String(contentsOfFile: folder.path + "/out/events.jsonl", encoding: .utf8).split(
            separator: "\n")
        #expect(events.count == 2)  // frames 0 and 3: detection every 3rd frame
        #expect(events.allSatisfy { $0.contains("\"message\":\"https://example.org/iris/demo?frame=pan\"") })
        #expect(events.first?.contains("\"frame\":0") == true && events.last?.contains("\"frame\":3") == true)
        let metrics = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/metrics.json")))
        #expect(((metrics as? [String: Any])?["metrics"] as? [String: Any])?["framesRecorded"] as? Int == 6)
    }

    /// Faces followed by their landmarks between detections: an event for every frame, the astronaut's face
    /// in each, smiling with open eyes, and her face's angle, while the full search ran on frames 0 and 3 only.
    @Test(.enabled(if: IrisExecutable.path != nil)) func followedFacesHaveEventsOnEveryFrame() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(
            [
                "run", "--frames", "5", "--detect", "face", "--follow-faces", "--smile", "--blink",
                "--renderer", "cpu", "--preview", "none", "--quiet", "--output-dir", "out"
            ], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try String(contentsOfFile: folder.path + "/out/events.jsonl", encoding: .utf8).split(
            separator: "\n")
        #expect(events.count == 5)
        for (frame, line) in events.enumerated() {
            #expect(line.contains("\"frame\":\(frame),"), "\(line)")
            #expect(
                line.contains("\"smile\":true") && line.contains("\"leftEyeClosed\":false")
                    && line.contains("\"angle\":"), "\(line)")
        }
    }

    /// `--print-tree` dumps each frame's plan, as `IRIS_PRINT_TREE=1` does (`run` used to accept the flag and
    /// ignore it). A reader of standard error that goes away (`iris run … 2>&1 | grep -m1 …`) used to end the
    /// run with a trap in that dump's write, leaving an empty partial file: the run goes on and finishes its
    /// recording.
    @Test(.enabled(if: IrisExecutable.path != nil)) func aClosedStandardErrorDoesNotEndTheRecording() throws {
        let folder = try TemporaryFolder()
        let dumped = try IrisExecutable.run(
            [
                "run", "--frames", "2", "--renderer", "cpu", "--preview", "none", "--filter", "CISepiaTone",
                "--print-tree"
            ],
            in: folder.path)
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(dumped.stderrLines.filter { $0 == "recipe:" }.count == 2, "\(dumped.stderr)")
        let result = try IrisExecutable.run(
            [
                "run", "--frames", "4", "--renderer", "cpu", "--preview", "none", "--filter", "CISepiaTone",
                "--record", "out.y4m", "--print-tree"
            ], in: folder.path, closedStandardError: true)
        #expect(result.status == 0)
        #expect(result.stdout.contains("recording: out.y4m: 4 frames"), "\(result.stdout)")
        let recording = try Recording(path: folder.path + "/out.y4m")
        var frames = 0
        while try recording.nextFrame() != nil { frames += 1 }
        #expect(frames == 4)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// `--oversized` reaches the pipeline's renderer (it was accepted and ignored): a frame over a 256-pixel
    /// texture limit falls back to the CPU by default and is split into GLES tiles with `tile`.
    @Test(.enabled(if: IrisExecutable.path != nil)) func oversizedFramesFollowTheOption() throws {
        let folder = try TemporaryFolder()
        func plans(_ policy: String) throws -> [String] {
            let result = try IrisExecutable.run(
                [
                    "run", "--frames", "1", "--renderer", "gles", "--max-texture-size", "256", "--oversized", policy,
                    "--preview", "none", "--filter", "CISepiaTone", "--print-tree", "--record", "\(policy).y4m"
                ], in: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stderrLines.filter { $0.hasPrefix("plan (") }
        }
        let fallback = try plans("fallback"), tiled = try plans("tile")
        #expect(
            fallback.count == 1 && fallback[0].hasPrefix("plan (cpu,") && fallback[0].contains(" 1 tile(s)"),
            "\(fallback)")
        #expect(tiled.count == 1 && tiled[0].hasPrefix("plan (gles, max texture 256)"), "\(tiled)")
        #expect(tiled.first.map { !$0.contains(" 1 tile(s)") } == true, "\(tiled)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func aRawStreamOnStandardInputIsRecorded() throws {
        let folder = try TemporaryFolder()
        var bytes: [UInt8] = []
        for index in 0..<3 {
            var frame = PixelBuffer(width: 64, height: 48, format: .i420)
            for i in frame.planes[0].bytes.indices { frame.planes[0].bytes[i] = UInt8(40 + 60 * index) }
            for p in 1...2 { for i in frame.planes[p].bytes.indices { frame.planes[p].bytes[i] = 128 } }
            bytes += frame.packedBytes
        }
        let result = try IrisExecutable.run(
            [
                "run", "--source", "-", "--size", "64x48", "--format", "i420", "--record", "out.y4m",
                "--renderer", "cpu", "--preview", "none", "--quiet"
            ], in: folder.path, standardInput: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        let recording = try Recording(path: folder.path + "/out.y4m")
        var lumas: [UInt8] = []
        while let frame = try recording.nextFrame() { lumas.append(frame.buffer.planes[0].bytes[0]) }
        #expect(lumas.count == 3)
        #expect(lumas == lumas.sorted() && Set(lumas).count == 3, "the three frames in order: \(lumas)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func aBadPipelineFileNamesTheField() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            Array(#"{"source": {"path": "x.mkv"}, "record": {"path": "o.mp4", "codec": "vp9"}}"#.utf8), to: "p.json")
        let result = try IrisExecutable.run(["run", "--config", config], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("record.codec") && result.stderr.contains("vp9"), "\(result.stderr)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func aNamedDisplayThatFailsIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(
            ["run", "--frames", "2", "--preview", "/dev/dri/card97", "--renderer", "cpu", "--quiet"],
            in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("display /dev/dri/card97"), "\(result.stderr)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func aMinimumSizeOutsideZeroToOneIsRefused() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(
            ["run", "--min-size", "1.5", "--frames", "1", "--preview", "none", "--quiet"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--min-size") && result.stderr.contains("1.5"), "\(result.stderr)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func versionIsPrinted() throws {
        let result = try IrisExecutable.run(["--version"], in: NSTemporaryDirectory())
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: ".").count == 3, "\(result.stdout)")
    }
}
