import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// Recordings written by `Recorder` and read back through Iris's reader and ffprobe: frame counts,
/// variable-rate timestamps, FFV1 bit-exact, H.264 and MJPEG above a stated PSNR.
@Suite struct RecorderRoundTripTests {
    /// Irregular capture times (a camera that drops and jitters), from an arbitrary monotonic origin.
    static let captureTimes: [Double] = [1000.0, 1000.033, 1000.067, 1000.150, 1000.183, 1000.400, 1000.433, 1000.5]

    @Test func ffv1InMatroskaIsBitExactAndKeepsVariableTimestamps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("lossless.mkv")
        let pictures = Self.captureTimes.indices.map {
            RecordingTestPictures.noise(width: 64, height: 48, seed: UInt32($0))
        }
        let recorder = try Recorder(path: path, width: 64, height: 48, options: .init(codec: .ffv1))
        for (picture, time) in zip(pictures, Self.captureTimes) { try recorder.append(picture, timestamp: time) }
        try recorder.finish()
        #expect(recorder.encoderName == "ffv1" && recorder.framesWritten == pictures.count)

        let frames = try RecorderTestSupport.readBack(path)
        #expect(frames.map(\.buffer) == pictures)
        let expected = Self.captureTimes.map { $0 - Self.captureTimes[0] }
        // Matroska counts milliseconds.
        #expect(zip(frames.map(\.timestamp), expected).allSatisfy { abs($0 - $1) <= 0.0005 })
        if RecorderTestSupport.ffprobe != nil {
            let probed = try RecorderTestSupport.ffprobeFrameTimes(path)
            #expect(probed.count == pictures.count)
            #expect(zip(probed, expected).allSatisfy { abs($0 - $1) <= 0.0005 })
            #expect(try RecorderTestSupport.ffprobeCodec(path) == "ffv1")
        }
    }

    @Test func h264InMP4IsAbove35dBWithExactTimestamps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("smooth.mp4")
        let pictures = Self.captureTimes.indices.map {
            RecorderTestSupport.smoothPattern(width: 320, height: 240, phase: $0)
        }
        let recorder = try Recorder(path: path, width: 320, height: 240, options: .init(codec: .h264, gop: 4))
        for (picture, time) in zip(pictures, Self.captureTimes) { try recorder.append(picture, timestamp: time) }
        try recorder.finish()
        #expect(["libx264", "h264_v4l2m2m"].contains(recorder.encoderName))

        let frames = try RecorderTestSupport.readBack(path)
        #expect(frames.count == pictures.count)
        for (frame, picture) in zip(frames, pictures) { #expect(RecorderTestSupport.psnr(frame.buffer, picture) >= 35) }
        let expected = Self.captureTimes.map { $0 - Self.captureTimes[0] }
        // MP4 keeps the 1/90 000 s ticks.
        #expect(zip(frames.map(\.timestamp), expected).allSatisfy { abs($0 - $1) <= 1.0 / 90_000 })
        #expect(
            frames.first?.colorimetry == Colorimetry(matrix: .bt601, range: .video),
            "the recorder's default: BT.601, as cameras deliver")
        if RecorderTestSupport.ffprobe != nil {
            let probed = try RecorderTestSupport.ffprobeFrameTimes(path)
            #expect(probed.count == pictures.count)
            #expect(zip(probed, expected).allSatisfy { abs($0 - $1) <= 1.0 / 90_000 + 1e-6 })
            #expect(try RecorderTestSupport.ffprobeCodec(path) == "h264")
        }
    }

    @Test func mjpegInMatroskaIsAbove30dB() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("motion.mkv")
        let pictures = (0..<4).map { RecorderTestSupport.smoothPattern(width: 160, height: 120, phase: $0) }
        let recorder = try Recorder(
            path: path, width: 160, height: 120,
            options: .init(codec: .mjpeg, colorimetry: Colorimetry(matrix: .bt601, range: .video)))
        for (index, picture) in pictures.enumerated() { try recorder.append(picture, timestamp: Double(index) / 25) }
        try recorder.finish()
        let frames = try RecorderTestSupport.readBack(path)
        #expect(frames.count == 4)
        for (frame, picture) in zip(frames, pictures) { #expect(RecorderTestSupport.psnr(frame.buffer, picture) >= 30) }
        if RecorderTestSupport.ffprobe != nil { #expect(try RecorderTestSupport.ffprobeCodec(path) == "mjpeg") }
    }

    /// BT.601 goes through libyuv, BT.709 through libswscale: both must match the core's own matrix.
    @Test(arguments: [
        Colorimetry(matrix: .bt709, range: .video), Colorimetry(matrix: .bt601, range: .video),
        Colorimetry(matrix: .bt601, range: .full)
    ])
    func renderedRGBAIsEncodedWithTheRecordingsMatrix(colorimetry: Colorimetry) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("rgba.mkv")
        let colours: [SIMD4<UInt8>] = [SIMD4(200, 40, 90, 255), SIMD4(20, 180, 60, 255), SIMD4(128, 128, 128, 255)]
        let recorder = try Recorder(
            path: path, width: 32, height: 16, options: .init(codec: .ffv1, colorimetry: colorimetry))
        for (index, colour) in colours.enumerated() {
            for format in [PixelFormat.rgba8, .bgra8] {
                var buffer = PixelBuffer(width: 32, height: 16, format: format)
                let pixel =
                    format == .rgba8
                    ? [colour.x, colour.y, colour.z, colour.w] : [colour.z, colour.y, colour.x, colour.w]
                buffer.planes[0].bytes = Array((0..<(32 * 16)).map { _ in pixel }.joined())
                try recorder.append(buffer, timestamp: Double(2 * index + (format == .rgba8 ? 0 : 1)) / 30)
            }
        }
        try recorder.finish()
        let frames = try RecorderTestSupport.readBack(path)
        #expect(frames.count == 6)
        for (index, frame) in frames.enumerated() {
            let back = RecordingTestPictures.rgb(of: frame.buffer, colorimetry: frame.colorimetry, x: 5, row: 7)
            let colour = colours[index / 2]
            let wanted = SIMD3<Float>(Float(colour.x), Float(colour.y), Float(colour.z))
            #expect(((back - wanted) * (back - wanted)).max() <= 9, "frame \(index): \(back) for \(wanted)")
        }
        #expect(frames.first?.colorimetry == colorimetry)
    }

    @Test func y4mKeepsI420AsItIs() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("raw.y4m")
        let pictures = (0..<3).map { RecordingTestPictures.noise(width: 16, height: 8, seed: UInt32($0)) }
        let recorder = try Recorder(path: path, width: 16, height: 8)
        for (index, picture) in pictures.enumerated() { try recorder.append(picture, timestamp: Double(index)) }
        try recorder.finish()
        #expect(try RecorderTestSupport.readBack(path).map(\.buffer) == pictures)
    }

    @Test func framesOutOfOrderAreRefusedAndWrongSizesSkipped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("order.mkv")
        let recorder = try Recorder(path: path, width: 16, height: 8, options: .init(codec: .ffv1))
        let picture = RecordingTestPictures.noise(width: 16, height: 8, seed: 1)
        #expect(try recorder.append(picture, timestamp: 1.0))
        #expect(try !recorder.append(picture, timestamp: 1.0))
        #expect(try !recorder.append(picture, timestamp: 0.5))
        #expect(throws: RecorderError.frameMismatch(path: path, frame: 1, reason: "32×24, the recording is 16×8")) {
            try recorder.append(RecordingTestPictures.noise(seed: 2), timestamp: 2)
        }
        #expect(recorder.isRecording)
        #expect(try recorder.append(picture, timestamp: 1.1))
        try recorder.finish()
        #expect(recorder.framesRefused == 2 && recorder.framesWritten == 2)
        #expect(try RecorderTestSupport.readBack(path).count == 2)
        #expect(throws: RecorderError.notRecording(path: path)) { try recorder.append(picture, timestamp: 3) }
    }

    @Test func unsupportedChoicesAreTypedErrors() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: RecorderError.unsupportedContainer(path: directory.file("a.gif"), extension: "gif")) {
            try Recorder(path: directory.file("a.gif"), width: 16, height: 8)
        }
        #expect(throws: RecorderError.codecNotAllowed(path: directory.file("a.mp4"), codec: "ffv1", container: "mp4")) {
            try Recorder(path: directory.file("a.mp4"), width: 16, height: 8, options: .init(codec: .ffv1))
        }
        #expect(throws: RecorderError.self) { try Recorder(path: directory.file("odd.mkv"), width: 15, height: 8) }
        let missing = directory.file("no/such/dir/out.mkv")
        #expect { try Recorder(path: missing, width: 16, height: 8, options: .init(codec: .ffv1)) } throws: {
            ($0 as? RecorderError)?.path == missing
        }
        #expect {
            try Recorder(path: directory.file("p.mp4"), width: 16, height: 8, options: .init(preset: "warp9"))
        } throws: {
            if case .invalidOption = $0 as? RecorderError { return true } else { return false }
        }
    }
}
