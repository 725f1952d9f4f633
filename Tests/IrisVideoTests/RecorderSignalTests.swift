import Foundation
import IrisCore
import IrisVideo
import Testing

/// `iris record` on a looping source, stopped by SIGINT or SIGTERM mid-recording: it finishes the file
/// (MP4's index included), and the file reads back, through Iris and ffprobe, to the last frame it
/// reported writing.
@Suite(.serialized) struct RecorderSignalTests {
    /// The `iris` executable built beside the test bundle (`swift build --build-tests` builds both).
    static let iris: String? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "iris"
        ).path
        let candidates = [
            ProcessInfo.processInfo.environment["IRIS_BINARY"], beside,
            FileManager.default.currentDirectoryPath + "/.build/debug/iris"
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(
        .enabled(if: iris != nil, "the iris executable is not built"),
        arguments: [("stopped.mp4", "h264", SIGINT), ("stopped.mkv", "mjpeg", SIGTERM)])
    func aSignalFinishesTheFile(name: String, codec: String, signal: Int32) throws {
        let directory = try TemporaryDirectory()
        let source = directory.file("source.y4m")
        let writer = try Recorder(path: source, width: 64, height: 48, options: .init(nominalFrameRate: 25))
        for index in 0..<10 {
            try writer.append(
                RecorderTestSupport.smoothPattern(width: 64, height: 48, phase: index), timestamp: Double(index) / 25)
        }
        try writer.finish()

        let output = directory.file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.iris))
        process.arguments = [
            "record", source, output, "--loop", "--realtime", "--renderer", "cpu", "--codec", codec,
            "--filter", "CISepiaTone inputIntensity=0.5"
        ]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Well past one pass through the 10-frame source, so the loop point is in the file too.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0 == 0 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 1.0)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let progress = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(printed) \(progress)")
        #expect(printed.contains("stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"))
        #expect(progress.contains("frames ") && progress.contains("fps") && progress.contains("drops"))

        // "…: N frames, last at T s, …"
        let words = printed.split(whereSeparator: { $0 == " " || $0 == "," })
        let count = try #require(words.firstIndex(of: "frames").flatMap { Int(words[$0 - 1]) })
        let last = try #require(words.firstIndex(of: "at").flatMap { Double(words[$0 + 1]) })
        #expect(count > 10)
        let frames = try RecorderTestSupport.readBack(output)
        #expect(frames.count == count)
        #expect(abs((frames.last?.timestamp ?? -1) - last) <= 0.002)
        if RecorderTestSupport.ffprobe != nil {
            let probed = try RecorderTestSupport.ffprobeFrameTimes(output)
            #expect(probed.count == count)
            #expect(abs((probed.last ?? -1) - last) <= 0.002)
        }
    }
}
