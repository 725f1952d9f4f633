import Foundation
import IrisCore
import Testing

@testable import IrisVideo

/// A source says how many frames it holds, or that it cannot tell: the run's progress reads it from the source,
/// never from the reader type behind it.
@Suite struct DeclaredFrameCountTests {
    @Test func aY4MFileCountsItsFramesFromItsSize() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try RecordingFrontDoorTests.y4mClip(in: directory, count: 5)
        let source: any FrameSource = try Recording(path: path)
        #expect(source.declaredFrameCount == 5)
        var read = 0
        while try source.readFrame() != nil { read += 1 }
        #expect(read == 5, "the count is the frames there are")
        #expect(try Recording(path: path, looping: true).declaredFrameCount == nil, "a loop has no end")
    }

    @Test func rawFramesInAFileAreCountedAndAStreamIsNot() throws {
        let directory = try TemporaryDirectory()
        let format = RawVideoFormat(width: 8, height: 4, pixelFormat: .i420, frameRate: 30)
        let path = directory.file("clip.yuv")
        // Three frames and half of a fourth: only whole frames count.
        try Data(count: format.frameByteCount * 3 + format.frameByteCount / 2).write(to: URL(fileURLWithPath: path))
        #expect(try Recording(rawPath: path, format: format).declaredFrameCount == 3)
        let fifo = directory.file("pipe.yuv")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(RegularFileSize.of(fifo) == nil && RegularFileSize.of("-") == nil && RegularFileSize.of(path) != nil)
    }

    @Test func camerasAndStillsDeclareNoLength() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("still.png")
        try PNGCodec.write(PixelBuffer(width: 4, height: 4, format: .rgba8), to: png)
        #expect(try StillImageSource(path: png).declaredFrameCount == nil)
    }
}
