import Foundation
import IrisCore
import IrisDetect
import IrisVideo
import Testing

/// `iris detect` over many inputs, run as a user runs it: a bad input is reported and skipped, the exit
/// status says so at the end, annotated outputs never overwrite each other, and every recording format
/// (standard input included) is read.
@Suite struct DetectBatchTests {
    /// (input, QR messages) for each JSON line `iris detect --json` printed.
    static func detections(_ result: IrisExecutable.Result) throws -> [(input: String, messages: [String])] {
        try result.stdoutLines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let features = try #require(object["features"] as? [[String: Any]])
            return (try #require(object["input"] as? String), features.compactMap { $0["message"] as? String })
        }
    }

    static func png(_ message: String) throws -> [UInt8] {
        try StillImage.encode(QRPictures.luma(message).rgbaBuffer, as: .png)
    }

    /// A Y4M of one QR frame per message.
    static func y4m(_ messages: [String], in folder: TemporaryFolder, name: String) throws -> [UInt8] {
        let writer = try Y4MWriter(
            path: folder.file(name), header: Y4MHeader(width: QRPictures.size, height: QRPictures.size))
        for message in messages { try writer.append(Frame(buffer: QRPictures.i420(message))) }
        try writer.close()
        return try folder.bytes(of: name)
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func aBadInputIsReportedOnOneLineAndTheOthersAreStillRead() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.png("first"), to: "a/x.png")
        try folder.write(Self.png("second"), to: "b/x.png")
        try folder.write(Array("not a picture".utf8), to: "bad.png")
        let clip = try Self.y4m(["clip-0", "clip-1", "clip-2"], in: folder, name: "whole.y4m")
        try folder.write(Array(clip.dropLast(100)), to: "cut.y4m")

        let result = try IrisExecutable.run(
            [
                "detect", "a/x.png", "missing.png", "bad.png", "cut.y4m", "b/x.png",
                "--json", "--annotate", "out"
            ], in: folder.path)
        #expect(result.status == 1)
        let found = try Self.detections(result)
        #expect(found.map(\.input) == ["a/x.png", "cut.y4m#0", "cut.y4m#1", "b/x.png"])
        #expect(found.map(\.messages) == [["first"], ["clip-0"], ["clip-1"], ["second"]])
        #expect(
            result.stderrLines == [
                "iris detect: missing.png: no such file",
                "iris detect: bad.png: not a PNG or JPEG image (Iris reads and writes .png, .jpg, .jpeg)",
                "iris detect: cut.y4m: truncated at frame 2 (59900 of 60000 bytes before the end of the file)",
                "Error: iris detect: 3 of 5 input(s) failed: missing.png, bad.png, cut.y4m"
            ])

        // a/x.png and b/x.png share a name; both annotations survive, under their folders' names.
        #expect(try folder.contents(of: "out") == ["a-x.png", "b-x.png", "cut-0.png", "cut-1.png"])
        let a = try StillImage.read(contentsOf: folder.file("out/a-x.png")).buffer
        let b = try StillImage.read(contentsOf: folder.file("out/b-x.png")).buffer
        #expect(a.width == QRPictures.size && a.height == QRPictures.size)
        #expect(a != b)
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func annotationsOfInputsSharingANameNeverOverwriteEachOther() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.png("nested"), to: "a/x.png")
        try folder.write(Self.png("top"), to: "x.png")
        let arguments = ["detect", "a/x.png", "x.png", "a/x.png", "--annotate", "out"]
        let result = try IrisExecutable.run(arguments, in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folder.contents(of: "out") == ["a-x.png", "a-x~2.png", "x-png.png"])
        #expect(try folder.bytes(of: "out/a-x.png") == folder.bytes(of: "out/a-x~2.png"))
        #expect(try folder.bytes(of: "out/a-x.png") != folder.bytes(of: "out/x-png.png"))
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func aBrokenFileInAFolderDoesNotStopTheFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.png("one"), to: "shots/1.png")
        try folder.write(Array(Self.png("two").prefix(100)), to: "shots/2.png")
        try folder.write(Self.png("ten"), to: "shots/10.png")
        try folder.write(Array("1: one\n".utf8), to: "shots/notes.txt")

        let result = try IrisExecutable.run(["detect", "shots", "--json"], in: folder.path)
        #expect(result.status == 1)
        let found = try Self.detections(result)
        #expect(found.map(\.input) == ["shots/1.png", "shots/10.png"])
        #expect(found.map(\.messages) == [["one"], ["ten"]])
        #expect(result.stderrLines.count == 2)
        #expect(result.stderrLines.first?.hasPrefix("iris detect: shots/2.png: ") == true)
        #expect(result.stderrLines.last == "Error: iris detect: 1 of 3 input(s) failed: shots/2.png")
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func mkvMP4AndY4MOnStandardInputAreAllRead() throws {
        let folder = try TemporaryFolder()
        for (name, codec) in [("clip.mkv", RecorderCodec.ffv1), ("clip.mp4", .h264)] {
            let recorder = try Recorder(
                path: folder.file(name), width: QRPictures.size, height: QRPictures.size,
                options: RecorderOptions(codec: codec))
            for index in 0..<2 {
                try recorder.append(QRPictures.i420("\(name) \(index)"), timestamp: Double(index) / 30)
            }
            try recorder.finish()
        }
        let piped = try Self.y4m(["piped 0", "piped 1"], in: folder, name: "piped.y4m")

        let result = try IrisExecutable.run(
            ["detect", "clip.mkv", "clip.mp4", "-", "--json"], in: folder.path,
            standardInput: piped)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let found = try Self.detections(result)
        #expect(found.map(\.input) == ["clip.mkv#0", "clip.mkv#1", "clip.mp4#0", "clip.mp4#1", "-#0", "-#1"])
        #expect(
            found.map(\.messages) == [
                ["clip.mkv 0"], ["clip.mkv 1"], ["clip.mp4 0"], ["clip.mp4 1"], ["piped 0"], ["piped 1"]
            ])
    }
}
