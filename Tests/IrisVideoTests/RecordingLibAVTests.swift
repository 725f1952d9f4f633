import CAV
import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// MKV, MP4 and AVI files made by the test with libavformat/libavcodec, read back through `LibAVReader`
/// and the `Recording` front door.
@Suite struct RecordingLibAVTests {
    @Test func ffv1InMatroskaRoundTripsExactly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mkv")
        let pictures = (0..<5).map { RecordingTestPictures.noise(width: 33, height: 17, seed: UInt32($0)) }
        try RecordingTestMuxer.encode(pictures, encoder: "ffv1", container: "matroska", to: path)

        let reader = try LibAVReader(path: path)
        #expect(reader.codecName == "ffv1" && reader.containerName.contains("matroska"))
        var frames: [Frame] = []
        while let frame = try reader.nextFrame() { frames.append(frame) }
        #expect(frames.count == 5)
        #expect(frames.map(\.buffer) == pictures)
        #expect(frames.map(\.sequence) == Array(0..<5))
        for (i, frame) in frames.enumerated() { #expect(abs(frame.timestamp - Double(i) / 30) < 0.001) }
        #expect(frames.allSatisfy { $0.colorimetry == .default })
        #expect(abs((reader.nominalFrameDuration ?? 0) - 1.0 / 30) < 0.0001)
    }

    @Test func colorimetryComesFromTheStream() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("709full.mkv")
        try RecordingTestMuxer.encode(
            [RecordingTestPictures.noise(seed: 1)], encoder: "ffv1", container: "matroska",
            to: path, colors: .init(space: AVCOL_SPC_BT709, range: AVCOL_RANGE_JPEG))
        let frame = try #require(try Recording(path: path).nextFrame())
        #expect(frame.colorimetry == Colorimetry(matrix: .bt709, range: .full))
    }

    @Test func losslessH264InMP4RoundTripsExactly() throws {
        // Debian's libavcodec encodes H.264 through libx264; a build without it has nothing to test here.
        guard avcodec_find_encoder_by_name("libx264") != nil else { return }
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mp4")
        let pictures = (0..<4).map { RecordingTestPictures.noise(width: 32, height: 16, seed: UInt32($0)) }
        try RecordingTestMuxer.encode(
            pictures, encoder: "libx264", container: "mp4", to: path,
            colors: .init(space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG), options: ["qp": "0"])
        let recording = try Recording(path: path)
        var frames: [Frame] = []
        while let frame = try recording.nextFrame() { frames.append(frame) }
        #expect((recording.reader as? LibAVReader)?.codecName == "h264")
        try #require(frames.count == pictures.count)
        #expect(frames.map(\.buffer) == pictures)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(frames.first?.colorimetry == Colorimetry(matrix: .bt709, range: .video))
    }

    /// JPEGs made by TurboJPEG, muxed into AVI as MJPEG (as a USB camera records), decoded by libavcodec:
    /// 4:2:0 JPEGs arrive as full-range I420 directly, 4:4:4 ones through swscale.
    @Test(arguments: [80, 95])
    func mjpegFramesDecodeToFullRangeI420(quality: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("camera.avi")
        let picture = TestImages.smoothGradient(width: 64, height: 48)
        let jpegs = try (0..<3).map { _ in try JPEGCodec.encode(picture, quality: quality) }
        try RecordingTestMuxer.mux(
            packets: jpegs, codec: AV_CODEC_ID_MJPEG, width: 64, height: 48, container: "avi", to: path)

        let recording = try Recording(path: path)
        var frames: [Frame] = []
        while let frame = try recording.nextFrame() { frames.append(frame) }
        #expect(frames.count == 3)
        #expect((recording.reader as? LibAVReader)?.codecName == "mjpeg")
        let frame = try #require(frames.first)
        #expect(frame.buffer.format == .i420 && frame.buffer.width == 64 && frame.buffer.height == 48)
        #expect(frame.colorimetry == Colorimetry(matrix: .bt601, range: .full))
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })

        let reference = try JPEGCodec.decode(jpegs[0])
        var worst: Float = 0
        for row in 0..<48 {
            for x in 0..<64 {
                let rgb = RecordingTestPictures.rgb(of: frame.buffer, colorimetry: frame.colorimetry, x: x, row: row)
                let expected = reference.rgba(x: x, row: row)
                for c in 0..<3 { worst = max(worst, abs(rgb[c] - Float(expected[c]))) }
            }
        }
        #expect(worst < 8, "largest channel difference from TurboJPEG's own decode: \(worst)")
    }

    /// MKV ends cleanly at the last whole frame; AVI flags the cut packet, so it ends in `.truncated` after
    /// the whole frames. Either way the frames that do come back are exact.
    @Test(arguments: ["matroska", "avi"])
    func aFileCutShortEndsCleanlyOrWithATypedError(container: String) throws {
        let directory = try TemporaryDirectory()
        let whole = directory.file("whole.\(container)")
        let pictures = (0..<10).map { RecordingTestPictures.noise(width: 64, height: 48, seed: UInt32($0)) }
        try RecordingTestMuxer.encode(pictures, encoder: "ffv1", container: container, to: whole)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))

        for fraction in [0.5, 0.3, 0.77] {
            let path = try directory.write(
                Array(bytes.prefix(Int(Double(bytes.count) * fraction))), to: "cut-\(fraction)")
            var frames: [Frame] = []
            do {
                let reader = try Recording(path: path)
                while let frame = try reader.nextFrame() { frames.append(frame) }
            } catch {
                switch error {
                case .truncated(path, _, _), .corrupt(path, _, _): break
                default: Issue.record("unexpected \(error)")
                }
            }
            // Whatever came back before the cut is exact, and nearly all whole frames come back.
            #expect(frames.count < 10 && frames.count >= Int(10 * fraction) - 2)
            #expect(frames.map(\.buffer) == Array(pictures.prefix(frames.count)))
        }
    }

    @Test func anMP4CutBeforeItsIndexIsCorruptNotAStranger() throws {
        guard avcodec_find_encoder_by_name("libx264") != nil else { return }
        let directory = try TemporaryDirectory()
        let whole = directory.file("whole.mp4")
        try RecordingTestMuxer.encode(
            (0..<4).map { RecordingTestPictures.noise(seed: UInt32($0)) },
            encoder: "libx264", container: "mp4", to: whole)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        let path = try directory.write(Array(bytes.prefix(bytes.count / 2)), to: "cut.mp4")
        do {
            _ = try Recording(path: path)
            Issue.record("a cut MP4 opened")
        } catch {
            guard case .corrupt(path, 0, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("mp4"))
        }
    }

    /// Damage anywhere in an MKV or AVI gives frames or typed errors; libav runs inside the process, so a
    /// crash or a hang here would take a pipeline down.
    @Test(arguments: [("ffv1", "matroska"), ("ffv1", "avi")])
    func flippedBytesGiveFramesOrTypedErrors(encoder: String, container: String) throws {
        let directory = try TemporaryDirectory()
        let whole = directory.file("whole")
        try RecordingTestMuxer.encode(
            (0..<3).map { RecordingTestPictures.noise(seed: UInt32($0)) },
            encoder: encoder, container: container, to: whole)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        var generator = DamagedFileTests.SeededGenerator(state: 99)
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let path = try directory.write(bytes, to: "damaged")
            do {
                let recording = try Recording(path: path)
                var count = 0
                while try recording.nextFrame() != nil, count < 100 { count += 1 }
                #expect(count < 100)
            } catch {
                #expect(error.path == path)
            }
        }
    }

    @Test func aFileWithoutVideoIsNoVideoStream() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("audio.mkv")
        try RecordingTestMuxer.audioOnly(container: "matroska", to: path)
        #expect(throws: RecordingError.noVideoStream(path: path)) { try Recording(path: path) }
    }

    @Test func loopingAMatroskaReopensItWithIncreasingTimestamps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("loop.mkv")
        let pictures = (0..<3).map { RecordingTestPictures.noise(seed: UInt32($0)) }
        try RecordingTestMuxer.encode(pictures, encoder: "ffv1", container: "matroska", to: path)
        let recording = try Recording(path: path, looping: true)
        let frames = try (0..<7).map { _ in try #require(try recording.nextFrame()) }
        #expect(frames.map(\.buffer) == (0..<7).map { pictures[$0 % 3] })
        for (i, frame) in frames.enumerated() { #expect(abs(frame.timestamp - Double(i) / 30) < 0.002) }
        #expect(frames.map(\.sequence) == Array(0..<7))
    }
}
