import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// Headerless frames (`rpicam-vid --codec yuv420 -o -`, `ffmpeg -f rawvideo`) read through
/// `Recording(rawPath:format:)`: exact bytes, timestamps from the rate, a clean end only between frames.
@Suite struct RawVideoStreamTests {
    /// A frame of `format` with distinct bytes everywhere, so a shifted or swapped plane shows.
    static func pattern(_ format: PixelFormat, width: Int, height: Int, seed: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: format)
        for plane in buffer.planes.indices {
            for i in buffer.planes[plane].bytes.indices {
                buffer.planes[plane].bytes[i] = UInt8((i * 7 + plane * 50 + seed * 13) & 0xFF)
            }
        }
        return buffer
    }

    /// Odd sizes, so chroma planes round up as in `PixelFormat.planeSize`.
    static func frames(_ format: PixelFormat, count: Int) -> [PixelBuffer] {
        (0..<count).map { pattern(format, width: 33, height: 17, seed: $0) }
    }

    @Test(arguments: [PixelFormat.i420, .nv12, .yuyv])
    func rawFramesThroughAFIFOArriveExactly(format: PixelFormat) throws {
        let directory = try TemporaryDirectory()
        let pictures = Self.frames(format, count: 3)
        let fifo = try StreamFeeder.fifo(at: directory.file("camera"), feeding: pictures.flatMap(\.packedBytes))
        let raw = RawVideoFormat(width: 33, height: 17, pixelFormat: format, frameRate: 25)
        let recording = try Recording(rawPath: fifo, format: raw)
        #expect(recording.reader is RawVideoReader)
        #expect(recording.nominalFrameDuration == 0.04)
        var frames: [Frame] = []
        while let frame = try recording.nextFrame() { frames.append(frame) }
        #expect(frames.map(\.buffer) == pictures)
        #expect(frames.map(\.timestamp) == [0, 0.04, 0.08])
        #expect(frames.allSatisfy { $0.colorimetry == .default })
    }

    @Test func aStreamCutInsideAFrameIsTruncatedAtThatFrame() throws {
        let directory = try TemporaryDirectory()
        let pictures = Self.frames(.i420, count: 2)
        let fifo = try StreamFeeder.fifo(
            at: directory.file("camera"), feeding: pictures.flatMap(\.packedBytes) + [UInt8](repeating: 9, count: 700))
        let raw = RawVideoFormat(width: 33, height: 17, pixelFormat: .i420)
        #expect(raw.frameByteCount == 33 * 17 + 2 * 17 * 9)
        let recording = try Recording(rawPath: fifo, format: raw)
        #expect(try recording.nextFrame()?.buffer == pictures[0])
        #expect(try recording.nextFrame()?.buffer == pictures[1])
        #expect(
            throws: RecordingError.truncated(
                path: fifo, frame: 2, reason: "700 of 867 bytes before the end of the stream")
        ) {
            try recording.nextFrame()
        }
    }

    @Test func aRawFileLoopsAndRewinds() throws {
        let directory = try TemporaryDirectory()
        let pictures = Self.frames(.nv12, count: 2)
        let path = try directory.write(pictures.flatMap(\.packedBytes), to: "clip.nv12")
        let recording = try Recording(
            rawPath: path, format: RawVideoFormat(width: 33, height: 17, pixelFormat: .nv12, frameRate: 10),
            looping: true)
        let frames = try (0..<5).map { _ in try #require(try recording.nextFrame()) }
        #expect(frames.map(\.buffer) == (0..<5).map { pictures[$0 % 2] })
        for (i, frame) in frames.enumerated() { #expect(abs(frame.timestamp - Double(i) / 10) < 1e-9) }
        try recording.rewind()
        #expect(try recording.nextFrame()?.sequence == 0)
    }

    @Test func aFormatThatDescribesNoFrameIsRefusedNamingTheSource() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write([1, 2, 3], to: "clip.yuv")
        #expect(
            throws: RecordingError.invalidRawFormat(
                path: path, reason: "0×480 is not a frame size (1 to 268435456 pixels)")
        ) {
            try Recording(rawPath: path, format: RawVideoFormat(width: 0, height: 480, pixelFormat: .i420))
        }
        #expect(throws: RecordingError.invalidRawFormat(path: path, reason: "frame rate 0.0 is not a positive number"))
        {
            try Recording(rawPath: path, format: RawVideoFormat(width: 4, height: 4, pixelFormat: .i420, frameRate: 0))
        }
    }
}
