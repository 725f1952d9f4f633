import Foundation
import IrisCore
import IrisVideo

/// Shared helpers for the recorder tests: test patterns, read-back through Iris's reader and ffprobe, PSNR.
enum RecorderTestSupport {
    /// A smooth `.i420` pattern (diagonal gradients drifting with `phase`): what a camera sees, and what
    /// H.264 should keep above 35 dB.
    static func smoothPattern(width: Int, height: Int, phase: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .i420)
        for row in 0..<height {
            for x in 0..<width {
                let v = 16.0 + 219.0 * (0.5 + 0.5 * sin(Double(x + 2 * phase) / 23.0 + Double(row) / 31.0))
                buffer.planes[0].bytes[row * width + x] = UInt8(v.rounded())
            }
        }
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        for row in 0..<ch {
            for x in 0..<cw {
                buffer.planes[1].bytes[row * cw + x] = UInt8(128 + 60 * cos(Double(x + phase) / 17.0))
                buffer.planes[2].bytes[row * cw + x] = UInt8(128 + 60 * sin(Double(row - phase) / 13.0))
            }
        }
        return buffer
    }

    /// Every frame of a recording through Iris's own reader.
    static func readBack(_ path: String) throws -> [Frame] {
        let recording = try Recording(path: path)
        var frames: [Frame] = []
        while let frame = try recording.nextFrame() { frames.append(frame) }
        return frames
    }

    /// PSNR in dB over all three planes of two same-sized `.i420` buffers.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var squared = 0.0, count = 0
        for (pa, pb) in zip(a.planes, b.planes) {
            for (x, y) in zip(pa.bytes, pb.bytes) {
                let d = Double(x) - Double(y)
                squared += d * d
            }
            count += pa.bytes.count
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(count)))
    }

    /// The `ffprobe` executable, when installed (Debian's `ffmpeg` package, listed in tools/setup).
    static let ffprobe: String? = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Presentation times (seconds) of every decoded video frame, as ffprobe reports them.
    static func ffprobeFrameTimes(_ path: String) throws -> [Double] {
        guard let ffprobe else { return [] }
        let output = try run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                "-of", "csv=p=0", path
            ])
        // A frame with side data prints a trailing field ("0.000000,"): keep the first.
        return output.split(separator: "\n").compactMap { line in
            line.split(separator: ",").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// The codec name ffprobe sees in the first video stream.
    static func ffprobeCodec(_ path: String) throws -> String {
        guard let ffprobe else { return "" }
        return try run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name",
                "-of", "csv=p=0", path
            ]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
