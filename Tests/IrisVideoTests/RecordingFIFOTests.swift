import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// `Recording` on a FIFO: the bytes sniffed to tell Y4M from the rest are not lost, a stream cannot be
/// rewound, and a stream that is neither Y4M nor raw says what to send instead.
@Suite struct RecordingFIFOTests {
    /// The bytes of a 64×48 Y4M clip of `count` distinct frames at 25 fps (frames span several pipe reads).
    static func y4mBytes(count: Int) throws -> (bytes: [UInt8], pictures: [PixelBuffer]) {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.y4m")
        let pictures = (0..<count).map { Y4MTests.frame(width: 64, height: 48, seed: $0) }
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 64, height: 48, frameRate: .init(25, 1)))
        for picture in pictures { try writer.append(Frame(buffer: picture)) }
        try writer.close()
        return (try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), pictures)
    }

    @Test func aY4MThroughAFIFOArrivesWhole() throws {
        let directory = try TemporaryDirectory()
        let (bytes, pictures) = try Self.y4mBytes(count: 3)
        let fifo = try StreamFeeder.fifo(at: directory.file("camera"), feeding: bytes)
        let recording = try Recording(path: fifo)
        #expect(recording.reader is Y4MRecordingReader)
        var frames: [Frame] = []
        while let frame = try recording.nextFrame() { frames.append(frame) }
        #expect(frames.map(\.buffer) == pictures)
        #expect(frames.map(\.timestamp) == [0, 0.04, 0.08])
        #expect(frames.map(\.sequence) == [0, 1, 2])
    }

    @Test func rewindingOrLoopingAFIFOIsATypedErrorNamingIt() throws {
        let directory = try TemporaryDirectory()
        let (bytes, pictures) = try Self.y4mBytes(count: 2)
        let fifo = try StreamFeeder.fifo(at: directory.file("camera"), feeding: bytes)
        let recording = try Recording(path: fifo)
        #expect(try recording.nextFrame()?.buffer == pictures[0])
        #expect(throws: RecordingError.cannotRewind(path: fifo)) { try recording.rewind() }
        #expect(try recording.nextFrame()?.buffer == pictures[1])

        let looped = try StreamFeeder.fifo(at: directory.file("looped"), feeding: bytes)
        #expect(throws: RecordingError.cannotRewind(path: looped)) { try Recording(path: looped, looping: true) }
    }

    @Test func anMKVThroughAFIFOAsksForY4MOrRaw() throws {
        let directory = try TemporaryDirectory()
        let mkv = directory.file("clip.mkv")
        try RecordingTestMuxer.encode(
            [RecordingTestPictures.noise(seed: 1)], encoder: "ffv1", container: "matroska", to: mkv)
        let fifo = try StreamFeeder.fifo(
            at: directory.file("camera"), feeding: try [UInt8](Data(contentsOf: URL(fileURLWithPath: mkv))))
        #expect(throws: RecordingError.unsupportedStream(path: fifo)) { try Recording(path: fifo) }
        #expect(
            RecordingError.unsupportedStream(path: fifo).description.contains(
                "raw frames with their size and pixel format"))
    }

    @Test func anEmptyFIFOIsNotARecording() throws {
        let directory = try TemporaryDirectory()
        let fifo = try StreamFeeder.fifo(at: directory.file("camera"), feeding: [])
        #expect(throws: RecordingError.notARecording(path: fifo, reason: "the stream is empty")) {
            try Recording(path: fifo)
        }
    }
}
