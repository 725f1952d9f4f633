import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// `Recording(path: "-")` reads descriptor 0. Each test puts a pipe (or a file) on descriptor 0 only while
/// the recording opens (it keeps a duplicate), then puts the runner's own standard input back.
@Suite(.serialized) struct RecordingStandardInputTests {
    static func withStandardInput<T>(reading fd: Int32, _ open: () throws -> T) throws -> T {
        let saved = dup(STDIN_FILENO)  // -1 when the runner has no standard input
        guard dup2(fd, STDIN_FILENO) == STDIN_FILENO else { throw POSIXError(.EBADF) }
        close(fd)
        defer {
            if saved >= 0 {
                dup2(saved, STDIN_FILENO)
                close(saved)
            } else {
                close(STDIN_FILENO)
            }
        }
        return try open()
    }

    @Test func aY4MPipedIntoStandardInputPlaysAndCannotRewind() throws {
        let (bytes, pictures) = try RecordingFIFOTests.y4mBytes(count: 3)
        let recording = try Self.withStandardInput(reading: try StreamFeeder.pipe(feeding: bytes)) {
            try Recording(path: "-")
        }
        #expect(recording.path == "-" && recording.reader.path == "standard input")
        #expect(try recording.nextFrame()?.buffer == pictures[0])
        #expect(throws: RecordingError.cannotRewind(path: "standard input")) { try recording.rewind() }
        #expect(try recording.nextFrame()?.buffer == pictures[1])
        #expect(try recording.nextFrame()?.buffer == pictures[2])
        #expect(try recording.nextFrame() == nil)
        #expect(
            RecordingError.cannotRewind(path: "standard input").description.hasPrefix("standard input: cannot rewind"))
    }

    @Test func rawFramesPipedIntoStandardInputEndCleanlyAtAFrameBoundary() throws {
        let pictures = RawVideoStreamTests.frames(.i420, count: 2)
        let fd = try StreamFeeder.pipe(feeding: pictures.flatMap(\.packedBytes))
        let format = RawVideoFormat(width: 33, height: 17, pixelFormat: .i420, frameRate: 30)
        let recording = try Self.withStandardInput(reading: fd) { try Recording(rawPath: "-", format: format) }
        #expect(try recording.nextFrame()?.buffer == pictures[0])
        #expect(try recording.nextFrame()?.buffer == pictures[1])
        #expect(try recording.nextFrame() == nil)
    }

    @Test func loopingStandardInputFromAPipeIsRefusedAtOnce() throws {
        let (bytes, _) = try RecordingFIFOTests.y4mBytes(count: 1)
        let fd = try StreamFeeder.pipe(feeding: bytes)
        #expect(throws: RecordingError.cannotRewind(path: "standard input")) {
            try Self.withStandardInput(reading: fd) { try Recording(path: "-", looping: true) }
        }
    }

    /// `iris … - < clip.mkv`: a file on standard input can be sought, so libavformat reads it and it loops.
    @Test func anMKVRedirectedFromAFileLoops() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mkv")
        let pictures = (0..<2).map { RecordingTestPictures.noise(width: 33, height: 17, seed: UInt32($0)) }
        try RecordingTestMuxer.encode(pictures, encoder: "ffv1", container: "matroska", to: path)
        let recording = try Self.withStandardInput(reading: open(path, O_RDONLY | O_CLOEXEC)) {
            try Recording(path: "-", looping: true)
        }
        #expect(recording.reader is LibAVReader && recording.reader.path == "standard input")
        let frames = try (0..<3).map { _ in try #require(try recording.nextFrame()) }
        #expect(frames.map(\.buffer) == [pictures[0], pictures[1], pictures[0]])
    }
}
