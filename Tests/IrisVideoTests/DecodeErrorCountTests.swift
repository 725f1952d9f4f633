import CAV
import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// Issue 34: damage a decoder gets past is counted (`Recording.decodeErrors`), never silent; a clean file
/// counts none; raw options are refused on what is not raw frames; a recording with no frames says so.
@Suite struct DecodeErrorCountTests {
    static let pictures = (0..<6).map { RecordingTestPictures.noise(width: 64, height: 48, seed: UInt32($0)) }

    /// FFV1 with slice CRCs in Matroska: every change to a slice's bytes is detectable.
    static func ffv1(in directory: TemporaryDirectory) throws -> [UInt8] {
        let path = directory.file("clean.mkv")
        try RecordingTestMuxer.encode(
            pictures, encoder: "ffv1", container: "matroska", to: path, options: ["slicecrc": "1"])
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func readAll(_ path: String) throws(RecordingError) -> (frames: [Frame], errors: Int) {
        let recording = try Recording(path: path)
        var frames: [Frame] = []
        while let frame = try recording.nextFrame() { frames.append(frame) }
        return (frames, recording.decodeErrors)
    }

    @Test func aCleanFileCountsNoErrors() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.ffv1(in: directory)
        let (frames, errors) = try Self.readAll(directory.file("clean.mkv"))
        #expect(frames.map(\.buffer) == Self.pictures)
        #expect(errors == 0)
    }

    /// Bytes flipped in the frames' data (past the header): whenever a frame comes back different from
    /// what was encoded, the count is non-zero, and a flip inside a slice is always found by its CRC.
    @Test func damagedFramesAreNeverSilent() throws {
        let directory = try TemporaryDirectory()
        let clean = try Self.ffv1(in: directory)
        var generator = DamagedFileTests.SeededGenerator(state: 34)
        var counted = 0
        for round in 0..<20 {
            var bytes = clean
            for _ in 0..<8 {
                let at = Int.random(in: clean.count / 4..<clean.count, using: &generator)
                bytes[at] ^= UInt8.random(in: 1...255, using: &generator)
            }
            let path = try directory.write(bytes, to: "damaged-\(round).mkv")
            do {
                let (frames, errors) = try Self.readAll(path)
                let changed =
                    frames.map(\.buffer) != Array(Self.pictures.prefix(frames.count))
                    || frames.count != Self.pictures.count
                if changed {
                    #expect(
                        errors > 0, "round \(round): frames differ from the original but no decode error was counted")
                }
                if errors > 0 { counted += 1 }
            } catch {
                #expect(error.path == path)
            }
        }
        #expect(counted >= 10, "only \(counted) of 20 damaged files counted errors")
    }

    @Test func rawOptionsOnAContainerOrY4MAreRefused() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.ffv1(in: directory)
        let format = RawVideoFormat(width: 64, height: 48, pixelFormat: .i420)
        let mkv = directory.file("clean.mkv")
        #expect(throws: RecordingError.notRawFrames(path: mkv, container: "a Matroska (MKV/WebM) recording")) {
            try Recording(rawPath: mkv, format: format)
        }
        let y4m = try directory.write(
            Array("YUV4MPEG2 W64 H48 F30:1\nFRAME\n".utf8) + [UInt8](repeating: 0, count: 64 * 48 * 3 / 2), to: "a.y4m")
        #expect(throws: RecordingError.notRawFrames(path: y4m, container: "a Y4M recording")) {
            try Recording(rawPath: y4m, format: format)
        }
        #expect(try Recording.signature(ofFileAt: mkv) == "a Matroska (MKV/WebM) recording")
        // Raw frames have no signature, so they are read as they are.
        let raw = try directory.write([UInt8](repeating: 16, count: 64 * 48 * 3 / 2), to: "a.yuv")
        #expect(try Recording.signature(ofFileAt: raw) == nil)
        #expect(try Recording(rawPath: raw, format: format).nextFrame() != nil)
    }

    @Test func aContainerWithNoFramesSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("empty.raw")
        _ = try directory.write([], to: "empty.raw")
        let format = RawVideoFormat(width: 64, height: 48, pixelFormat: .i420)
        #expect(throws: RecordingError.noFrames(path: path)) {
            try Recording(rawPath: path, format: format).nextFrame()
        }
    }
}
