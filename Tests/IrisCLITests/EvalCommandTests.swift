import Foundation
import IrisCore
import IrisDetect
import IrisEval
import IrisVideo
import Testing

/// `iris eval` end to end: a two-frame Y4M clip holding a QR code, its truth file beside it, the table,
/// the JSON report, and a thresholds file that holds or breaks.
@Suite struct EvalCommandTests {
    static let message = "iris eval cli"

    /// The code's symbol corners (without its quiet zone) in bottom-left coordinates, worked out from how
    /// QRPictures draws it: 4 px modules, the whole picture (symbol + 4-module margins) centred in 200 px.
    static func truthFile(shiftedBy shift: Double = 0) throws -> Data {
        let code = try QRCodePicture(message)
        let offset = Double((QRPictures.size - code.size * 4) / 2)
        let left = offset + Double(code.margin * 4) + shift, side = Double(code.symbol.size * 4)
        let top = Double(QRPictures.size) - offset - Double(code.margin * 4)  // y of the symbol's top edge, y up
        let quad = Quadrilateral(
            topLeft: Point(x: left, y: top), topRight: Point(x: left + side, y: top),
            bottomLeft: Point(x: left, y: top - side), bottomRight: Point(x: left + side, y: top - side))
        let frames = (0..<2).map {
            FrameTruth(frame: $0, objects: [TruthObject(id: 1, kind: .qrCode, corners: quad, message: message)])
        }
        return try ClipTruth(
            clip: "clip.y4m", width: QRPictures.size, height: QRPictures.size, frameRate: 25, frames: frames
        ).encoded()
    }

    static func folderWithClip(truth: Data) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let writer = try Y4MWriter(
            path: folder.file("clip.y4m"), header: Y4MHeader(width: QRPictures.size, height: QRPictures.size))
        for _ in 0..<2 { try writer.append(Frame(buffer: try QRPictures.i420(message))) }
        try writer.close()
        _ = try folder.write([UInt8](truth), to: "clip.truth.json")
        return folder
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func aFolderIsScoredAndTheJSONReportReadsBack() throws {
        let folder = try Self.folderWithClip(truth: try Self.truthFile())
        let result = try IrisExecutable.run(["eval", ".", "--detect", "qr", "--json", "report.json"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let row = try #require(result.stdoutLines.first { $0.hasPrefix("clip.y4m") })
        #expect(row.contains("qr") && row.contains("100.0 %"), "\(row)")
        let reports = try JSONDecoder().decode([ClipReport].self, from: Data(try folder.bytes(of: "report.json")))
        let qr = try #require(reports.first?.report(for: .qrCode))
        #expect(qr.truths == 2 && qr.truePositives == 2 && qr.qrDecodeRate == 1)
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func aBrokenThresholdFailsTheRunNamingClipAndMetric() throws {
        // The truth claims the code 150 px to the right of where it is: no overlap, so recall 0.
        let folder = try Self.folderWithClip(truth: try Self.truthFile(shiftedBy: 150))
        _ = try folder.write(Array(#"{"clips": {"clip.y4m": {"qr": {"recall": ">= 0.9"}}}}"#.utf8), to: "limits.json")
        let result = try IrisExecutable.run(
            ["eval", "clip.y4m", "--detect", "qr", "--thresholds", "limits.json"], in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("clip.y4m qr: recall 0.000 breaks recall >= 0.9"), "\(result.stderr)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func aClipWithoutTruthAndAMissingClipAreNamed() throws {
        let folder = try Self.folderWithClip(truth: try Self.truthFile())
        try FileManager.default.copyItem(atPath: folder.file("clip.y4m"), toPath: folder.file("bare.y4m"))
        let bare = try IrisExecutable.run(["eval", "bare.y4m"], in: folder.path)
        #expect(
            bare.status != 0 && bare.stderr.contains("bare.y4m: no ground truth (looked for bare.truth.json"),
            "\(bare.stderr)")
        let missing = try IrisExecutable.run(["eval", "gone.mp4"], in: folder.path)
        #expect(missing.status != 0 && missing.stderr.contains("gone.mp4: no such file"), "\(missing.stderr)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func limitsMeasuredAnotherWayAndAFolderWithNothingAreRefused() throws {
        let folder = try Self.folderWithClip(truth: try Self.truthFile())
        _ = try folder.write(Array(#"{"accuracy": "high", "detectEvery": 3, "clips": {}}"#.utf8), to: "limits.json")
        let every = try IrisExecutable.run(
            ["eval", "clip.y4m", "--detect", "qr", "--thresholds", "limits.json"], in: folder.path)
        #expect(
            every.status != 0 && every.stderr.contains("measured at --detect-every 3, this run is 1"), "\(every.stderr)"
        )
        let accuracy = try IrisExecutable.run(
            [
                "eval", "clip.y4m", "--detect", "qr", "--detect-every", "3", "--accuracy", "low",
                "--thresholds", "limits.json"
            ], in: folder.path)
        #expect(
            accuracy.status != 0 && accuracy.stderr.contains("measured at --accuracy high, this run is low"),
            "\(accuracy.stderr)")
        try FileManager.default.createDirectory(atPath: folder.file("empty"), withIntermediateDirectories: true)
        let empty = try IrisExecutable.run(["eval", "empty"], in: folder.path)
        #expect(empty.status != 0 && empty.stderr.contains("empty: no recordings with ground truth"), "\(empty.stderr)")
    }
}
