import Foundation
import IrisCore
import IrisVideo
import Testing

/// `iris render --auto-enhance` as a user runs it: the chosen filters printed in `--filter` syntax give the
/// same pixels when applied by hand, and the options that need `--auto-enhance` say so.
@Suite struct AutoEnhanceCLITests {
    /// A flat, warm picture: a cast and a squeezed range, so white balance and the tone curve both apply.
    static func flatWarmPicture() throws -> PixelBuffer {
        let width = 96, height = 64
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height {
            for x in 0..<width {
                let base = 0.3 + 0.35 * Double(x) / Double(width - 1) + 0.05 * Double(row % 8) / 7
                let patch = (x / 24 + row / 32) % 3
                let c =
                    patch == 0
                    ? SIMD3(base, base, base)
                    : patch == 1 ? SIMD3(base, base * 0.8, base * 0.7) : SIMD3(base * 0.8, base, base * 0.9)
                let i = (row * width + x) * 4
                bytes[i] = UInt8(min(255, c.x * 1.1 * 255))
                bytes[i + 1] = UInt8(c.y * 0.95 * 255)
                bytes[i + 2] = UInt8(c.z * 0.75 * 255)
            }
        }
        return try PixelBuffer(
            width: width, height: height, format: .rgba8, planes: [.init(bytes: bytes, bytesPerRow: width * 4)])
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func printedFiltersAppliedByHandGiveTheSamePixels() throws {
        let folder = try TemporaryFolder()
        try PNGCodec.write(try Self.flatWarmPicture(), to: folder.file("in.png"))
        let auto = try IrisExecutable.run(
            ["render", "in.png", "auto.png", "--auto-enhance", "--print-filters", "--renderer", "cpu"],
            in: folder.path)
        #expect(auto.status == 0, "\(auto.stderr)")
        let printed = auto.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("CI") }
        #expect(
            printed.map { $0.split(separator: " ")[0] } == [
                "CIWhitePointAdjust", "CILinearToSRGBToneCurve", "CIColorMatrix", "CISRGBToneCurveToLinear"
            ], "\(auto.stdout)")
        let byHand = try IrisExecutable.run(
            ["render", "in.png", "hand.png", "--renderer", "cpu"] + printed.flatMap { ["--filter", $0] },
            in: folder.path)
        #expect(byHand.status == 0, "\(byHand.stderr)")
        let a = try PNGCodec.read(contentsOf: folder.file("auto.png")),
            b = try PNGCodec.read(contentsOf: folder.file("hand.png"))
        #expect(a == b)
        #expect(a != (try PNGCodec.read(contentsOf: folder.file("in.png"))))
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func optionsWithoutAutoEnhanceAreRefused() throws {
        let folder = try TemporaryFolder()
        try PNGCodec.write(try Self.flatWarmPicture(), to: folder.file("in.png"))
        let refused = try IrisExecutable.run(["render", "in.png", "out.png", "--no-red-eye"], in: folder.path)
        #expect(
            refused.status == 64 && refused.stderr.contains("--no-red-eye needs --auto-enhance"), "\(refused.stderr)")
        let nothing = try IrisExecutable.run(
            ["render", "in.png", "out.png", "--auto-enhance", "--no-red-eye", "--no-enhance"], in: folder.path)
        #expect(
            nothing.status == 64 && nothing.stderr.contains("leaves --auto-enhance nothing to do"), "\(nothing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
    }

    /// Live: an under-exposed recording comes out brighter with --auto-enhance, and the run reports it.
    @Test(.enabled(if: IrisExecutable.path != nil)) func runBrightensAnUnderExposedRecording() throws {
        let folder = try TemporaryFolder()
        let writer = try Y4MWriter(path: folder.file("dark.y4m"), header: Y4MHeader(width: 64, height: 48))
        for _ in 0..<4 {
            var buffer = PixelBuffer(width: 64, height: 48, format: .i420)
            // Luma ramps from 16 to 90 of video range: a picture that never gets past a dark grey.
            for row in 0..<48 {
                for x in 0..<64 {
                    buffer.planes[0].bytes[row * buffer.planes[0].bytesPerRow + x] = UInt8(16 + x * 74 / 63)
                }
            }
            for p in 1...2 { buffer.planes[p].bytes = [UInt8](repeating: 128, count: buffer.planes[p].bytes.count) }
            try writer.append(Frame(buffer: buffer))
        }
        try writer.close()
        func meanLuma(_ name: String) throws -> Double {
            let recording = try Recording(path: folder.file(name))
            var sum = 0.0, count = 0
            while let frame = try recording.nextFrame() {
                let y = frame.buffer.planes[0]
                for row in 0..<frame.buffer.height {
                    for x in 0..<frame.buffer.width {
                        sum += Double(y.bytes[row * y.bytesPerRow + x])
                        count += 1
                    }
                }
            }
            return sum / Double(max(count, 1))
        }
        for (name, extra) in [("plain.y4m", [String]()), ("auto.y4m", ["--auto-enhance"])] {
            let result = try IrisExecutable.run(
                [
                    "run", "--source", "dark.y4m", "--renderer", "cpu", "--preview", "none", "--quiet",
                    "--record", name
                ] + extra, in: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try meanLuma("auto.y4m") > meanLuma("plain.y4m") + 30)
    }
}
