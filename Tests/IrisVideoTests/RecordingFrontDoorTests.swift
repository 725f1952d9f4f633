import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// `Recording`: choosing a reader by content, looping, pacing, and the errors a wrong file gives.
@Suite struct RecordingFrontDoorTests {
    /// A Y4M clip of `count` distinct frames at 30 fps.
    static func y4mClip(in directory: TemporaryDirectory, name: String = "clip.y4m", count: Int) throws -> (
        String, [PixelBuffer]
    ) {
        let path = directory.file(name)
        let pictures = (0..<count).map { Y4MTests.frame(width: 6, height: 4, seed: $0) }
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 6, height: 4, frameRate: .init(30, 1)))
        for picture in pictures { try writer.append(Frame(buffer: picture)) }
        try writer.close()
        return (path, pictures)
    }

    @Test func aY4MIsRecognisedByContentWhateverItsName() throws {
        let directory = try TemporaryDirectory()
        let (path, pictures) = try Self.y4mClip(in: directory, name: "actually-y4m.mp4", count: 2)
        let recording = try Recording(path: path)
        #expect(recording.reader is Y4MRecordingReader)
        #expect(try recording.nextFrame()?.buffer == pictures[0])
        #expect(try recording.nextFrame()?.buffer == pictures[1])
        #expect(try recording.nextFrame() == nil)
    }

    @Test func loopingAThreeFrameFileSevenTimesKeepsTimestampsIncreasing() throws {
        let directory = try TemporaryDirectory()
        let (path, pictures) = try Self.y4mClip(in: directory, count: 3)
        let recording = try Recording(path: path, looping: true)
        let frames = try (0..<7).map { _ in try #require(try recording.nextFrame()) }
        #expect(frames.map(\.buffer) == (0..<7).map { pictures[$0 % 3] })
        #expect(frames.map(\.sequence) == Array(0..<7))
        for (i, frame) in frames.enumerated() { #expect(abs(frame.timestamp - Double(i) / 30) < 1e-9) }

        try recording.rewind()
        let again = try #require(try recording.nextFrame())
        #expect(again.timestamp == 0 && again.sequence == 0 && again.buffer == pictures[0])
    }

    /// A header with nothing after it is said to hold no frames (issue 34), looping or not, instead of
    /// spinning or ending as if it had played.
    @Test(arguments: [false, true])
    func anEmptyRecordingHoldsNoFrames(looping: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("YUV4MPEG2 W2 H2 F30:1\n".utf8), to: "empty.y4m")
        #expect(throws: RecordingError.noFrames(path: path)) { try Recording(path: path, looping: looping).nextFrame() }
    }

    @Test func realTimePacingDeliversThreeFramesAt30fpsOverTwoFrameIntervals() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try Self.y4mClip(in: directory, count: 3)
        let recording = try Recording(path: path, pacing: .realTime)
        let clock = ContinuousClock()
        let elapsed = try clock.measure { while try recording.nextFrame() != nil {} }
        #expect(elapsed >= .milliseconds(66), "3 frames at 30 fps took \(elapsed)")
        #expect(elapsed < .milliseconds(500), "3 frames at 30 fps took \(elapsed)")

        let fast = try Recording(path: path, pacing: .asFastAsPossible)
        #expect(try clock.measure { while try fast.nextFrame() != nil {} } < .milliseconds(60))
    }

    @Test func aY4MCutMidFrameIsTruncated() throws {
        let directory = try TemporaryDirectory()
        let (path, pictures) = try Self.y4mClip(in: directory, count: 2)
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let cut = try directory.write(Array(whole.dropLast(10)), to: "cut.y4m")
        let recording = try Recording(path: cut)
        #expect(try recording.nextFrame()?.buffer == pictures[0])
        #expect(
            throws: RecordingError.truncated(path: cut, frame: 1, reason: "26 of 36 bytes before the end of the file")
        ) {
            try recording.nextFrame()
        }
    }

    @Test func filesThatAreNotRecordingsAreTypedErrorsNamingThem() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.mkv")
        #expect(throws: RecordingError.fileNotFound(path: missing)) { try Recording(path: missing) }
        #expect(throws: RecordingError.unreadable(path: directory.path, reason: "is a directory")) {
            try Recording(path: directory.path)
        }
        let empty = try directory.write([], to: "empty.mkv")
        #expect(throws: RecordingError.notARecording(path: empty, reason: "the file is empty")) {
            try Recording(path: empty)
        }

        let candidates = [
            try directory.write(PNGCodec.encode(TestImages.rgbaPattern()), to: "image.mkv"),
            try directory.write(JPEGCodec.encode(TestImages.smoothGradient()), to: "photo.avi"),
            try directory.write(Array("just some text, not a video\n".utf8), to: "notes.mp4"),
            try directory.write(
                (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }, to: "noise.mkv")
        ]
        for path in candidates {
            do {
                _ = try Recording(path: path)
                Issue.record("\(path) opened as a recording")
            } catch {
                guard case .notARecording(path, _) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(error.description.hasPrefix(path))
            }
        }
    }
}
