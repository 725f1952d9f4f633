import Foundation
import IrisCore
import IrisVideo
import Testing

/// `iris record` as issue 15 left it: an output that is the input is refused before anything is written,
/// option values that make no sense are usage errors naming the option, closed standard error does not
/// take the recording down, and SIGKILL leaves a temporary file that plays.
@Suite(.serialized) struct RecordSafetyTests {
    /// A 10-frame 64×48 Y4M at 30 fps.
    static func source(in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/in.y4m"
        let recorder = try Recorder(path: path, width: 64, height: 48)
        for index in 0..<10 {
            var picture = PixelBuffer(width: 64, height: 48, format: .i420)
            for i in picture.planes[0].bytes.indices { picture.planes[0].bytes[i] = UInt8((i + index * 7) % 256) }
            try recorder.append(picture, timestamp: Double(index) / 30)
        }
        try recorder.finish()
        return path
    }

    static func frameCount(_ path: String) throws -> Int {
        let recording = try Recording(path: path)
        var count = 0
        while try recording.nextFrame() != nil { count += 1 }
        return count
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func anOutputThatIsTheInputIsRefused() throws {
        let folder = try TemporaryFolder()
        let input = try Self.source(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        link(input, folder.path + "/hard.y4m")
        symlink("in.y4m", folder.path + "/soft.y4m")
        for output in ["in.y4m", "./in.y4m", "hard.y4m", "soft.y4m"] {
            let result = try IrisExecutable.run(["record", "in.y4m", output, "--raw", "--quiet"], in: folder.path)
            #expect(result.status == 1, "\(output): \(result.stderr)")
            #expect(
                result.stderr.contains("\(output): the record output is the same file as the input in.y4m"),
                "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(try Self.frameCount(input) == 10)
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func senselessValuesAreUsageErrorsNamingTheOption() throws {
        let folder = try TemporaryFolder()
        _ = try Self.source(in: folder)
        let cases: [([String], String)] = [
            (["--bitrate", "1e19"], "--bitrate '1e19'"), (["--bitrate", "-5"], "--bitrate '-5' must be positive"),
            (["--gop", "-3"], "--gop must be at least 1 frame, got -3"),
            (["--frames", "-1"], "--frames must be at least 1, got -1"),
            (["--duration", "nan"], "--duration must be a positive, finite number of seconds, got nan"),
            (["--codec", "h264", "--encoder", "mjpeg"], "--encoder mjpeg: it encodes mjpeg, not h264")
        ]
        for (options, message) in cases {
            let result = try IrisExecutable.run(["record", "in.y4m", "out.mp4"] + options, in: folder.path)
            #expect(
                result.status == 64 && result.stderr.contains(message), "\(options): \(result.status) \(result.stderr)")
        }
        for output in ["out.webm", "/dev/null"] {
            let result = try IrisExecutable.run(["record", "in.y4m", output], in: folder.path)
            #expect(
                result.status == 64 && result.stderr.contains("OUTPUT \(output): cannot record into"),
                "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["in.y4m"])
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func aClosedStandardErrorDoesNotStopTheRecording() throws {
        let folder = try TemporaryFolder()
        _ = try Self.source(in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "'\(IrisExecutable.path!)' record in.y4m out.mp4 --raw --loop --frames 40 2>&- >/dev/null"
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(try Self.frameCount(folder.path + "/out.mp4") == 40)
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func sigkillLeavesATemporaryFileThatPlays() throws {
        let folder = try TemporaryFolder()
        _ = try Self.source(in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: IrisExecutable.path!)
        process.arguments = ["record", "in.y4m", "out.mkv", "--raw", "--loop", "--realtime", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let partial = folder.path + "/.out.partial-\(process.processIdentifier).mkv"
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !FileManager.default.fileExists(atPath: partial) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 2.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.mkv"))
        // 2.5 s at 30 fps; what came in the last second (and the queues) may be lost.
        #expect(try Self.frameCount(partial) >= 30)

        // The next run to the same path names the leftover and keeps it.
        let result = try IrisExecutable.run(["record", "in.y4m", "out.mkv", "--raw", "--frames", "3"], in: folder.path)
        #expect(
            result.status == 0 && result.stderr.contains(".out.partial-\(process.processIdentifier).mkv is left"),
            "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: partial))
        #expect(try Self.frameCount(folder.path + "/out.mkv") == 3)
    }
}
