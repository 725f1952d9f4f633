import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// Recordings that survive being cut off: the file being written plays at any moment (MP4 fragmented with
/// its index up front, MKV clusters and Y4M frames flushed about every second), so a copy taken mid-recording
/// — what a SIGKILL or a power cut leaves — reads back to its last flush.
@Suite struct RecorderDurabilityTests {
    /// Frames at 30 fps; 1.5 s of them, so at least one flush (every second of the recording's time) happened.
    static func record(_ recorder: Recorder, frames: Int, width: Int = 64, height: Int = 48) throws {
        for index in 0..<frames {
            try recorder.append(
                RecordingTestPictures.noise(width: width, height: height, seed: UInt32(index)),
                timestamp: Double(index) / 30)
        }
    }

    /// Top-level MP4 boxes, in order: "ftyp", "moov", "moof", "mdat", …
    static func topLevelBoxes(_ bytes: [UInt8]) -> [String] {
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }

    @Test func anMP4IsFragmentedWithItsIndexUpFront() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("fragmented.mp4")
        let recorder = try Recorder(path: path, width: 64, height: 48, options: .init(codec: .h264, gop: 15))
        try Self.record(recorder, frames: 45)
        try recorder.finish()
        let boxes = Self.topLevelBoxes(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(Array(boxes.prefix(2)) == ["ftyp", "moov"], "\(boxes)")
        // A fragment at each of the three keyframes at least; each moof is followed by its mdat.
        #expect(boxes.filter { $0 == "moof" }.count >= 3, "\(boxes)")
        #expect(zip(boxes, boxes.dropFirst()).allSatisfy { $0.0 != "moof" || $0.1 == "mdat" }, "\(boxes)")
        #expect(try RecorderTestSupport.readBack(path).count == 45)
    }

    @Test(arguments: [("cut.mp4", RecorderCodec.h264), ("cut.mkv", .h264), ("cut.mkv", .ffv1), ("cut.y4m", .h264)])
    func aFileCutOffMidRecordingPlaysToItsLastFlush(name: String, codec: RecorderCodec) throws {
        let directory = try TemporaryDirectory()
        let reservation = try RecorderReservation(path: directory.file(name))
        let recorder = try Recorder(reservation: reservation, width: 64, height: 48, options: .init(codec: codec))
        try Self.record(recorder, frames: 45)
        // What a SIGKILL leaves: the temporary file as it is now, never finished.
        let copy = directory.file("killed-" + name)
        try FileManager.default.copyItem(atPath: reservation.writingPath, toPath: copy)
        let frames = try RecorderTestSupport.readBack(copy)
        #expect(frames.count >= 30 && frames.count <= 45, "\(frames.count) frames")
        if codec == .ffv1 || name.hasSuffix(".y4m") {
            for (index, frame) in frames.enumerated() {
                #expect(frame.buffer == RecordingTestPictures.noise(width: 64, height: 48, seed: UInt32(index)))
            }
        }
        if RecorderTestSupport.ffprobe != nil {
            #expect(try RecorderTestSupport.ffprobeFrameTimes(copy).count == frames.count)
        }
        try recorder.finish()
        #expect(try RecorderTestSupport.readBack(directory.file(name)).count == 45)
    }

    @Test func theOutputIsReplacedOnlyWhenTheRecordingFinishes() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("an earlier file".utf8), to: "out.mkv")
        let recorder = try Recorder(path: path, width: 64, height: 48, options: .init(codec: .ffv1))
        try Self.record(recorder, frames: 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("an earlier file".utf8))
        #expect(try directory.contents() == [".out.mkv.lock", ".out.partial-\(getpid()).mkv", "out.mkv"])
        try recorder.finish()
        #expect(try RecorderTestSupport.readBack(path).count == 3)
        #expect(try directory.contents() == ["out.mkv"], "no temporary or lock file is left")
    }

    @Test func aSecondWriterToTheSamePathIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shared.mp4")
        let first = try Recorder(path: path, width: 64, height: 48)
        #expect(
            throws: RecorderError.outputBusy(
                path: path, holder: "process \(getpid()) into \(directory.path)/.shared.partial-\(getpid()).mp4")
        ) {
            try Recorder(path: path, width: 64, height: 48)
        }
        try Self.record(first, frames: 2)
        try first.finish()
        // Once the first has finished, the path is free again.
        let second = try Recorder(path: path, width: 64, height: 48)
        try Self.record(second, frames: 4)
        try second.finish()
        #expect(try RecorderTestSupport.readBack(path).count == 4)
    }

    @Test func leftoversOfKilledRunsAreNamedAndKept() throws {
        let directory = try TemporaryDirectory()
        let leftover = try directory.write([1, 2, 3], to: ".out.partial-4242.y4m")
        _ = try directory.write([1], to: ".other.partial-4242.y4m")
        let reservation = try RecorderReservation(path: directory.file("out.y4m"))
        #expect(reservation.leftovers == [leftover])
        reservation.discard()
        #expect(FileManager.default.fileExists(atPath: leftover))
    }

    @Test func aSymbolicLinkOutputKeepsTheLink() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write([], to: "real.y4m")
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.y4m"), withDestinationPath: target)
        let recorder = try Recorder(path: directory.file("link.y4m"), width: 64, height: 48)
        try Self.record(recorder, frames: 2)
        try recorder.finish()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.y4m")) == target)
        #expect(try RecorderTestSupport.readBack(target).count == 2)
    }

    @Test func anEncoderOfAnotherCodecIsNamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("x.mp4")
        #expect {
            try Recorder(path: path, width: 64, height: 48, options: .init(codec: .h264, encoderName: "mjpeg"))
        } throws: {
            guard case let .invalidOption(errorPath, option, reason)? = $0 as? RecorderError else { return false }
            return errorPath == path && option == "encoder \"mjpeg\"" && reason.hasPrefix("it encodes mjpeg, not h264")
        }
        #expect(throws: RecorderError.unsupportedContainer(path: directory.file("x.webm"), extension: "webm")) {
            try Recorder(path: directory.file("x.webm"), width: 64, height: 48)
        }
        #expect(try directory.contents().isEmpty, "nothing is written for a refused recording")
    }

    @Test(arguments: [10, 50, 99])
    func aTruncatedMatroskaFileSaysSoAfterItsWholeFrames(percent: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("whole.mkv")
        let recorder = try Recorder(path: path, width: 64, height: 48, options: .init(codec: .ffv1))
        try Self.record(recorder, frames: 20)
        try recorder.finish()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let cut = try directory.write(Array(bytes.prefix(bytes.count * percent / 100)), to: "cut.mkv")
        let recording = try Recording(path: cut)
        var whole = 0
        #expect { while try recording.nextFrame() != nil { whole += 1 } } throws: {
            guard case let .truncated(errorPath, frame, reason)? = $0 as? RecordingError else { return false }
            return errorPath == cut && frame == whole && reason.contains("bytes it declares")
        }
        #expect(whole < 20)
        #expect(MatroskaSegmentSize.declaredFileLength(ofFileAt: path) == Int64(bytes.count))
    }
}
