import Foundation
import IrisCore
import IrisVideo
import Testing

/// Sizes read from input are held to a stated limit before anything is allocated for them: `detect
/// --max-pixels` (a still's header, a recording's frames), `bench --sizes`, and truth frame numbers in `eval`.
@Suite struct PixelLimitCLITests {
    /// A PNG whose header says `width`×`height`, with no pixel data after it: a reader that checks the
    /// header refuses it by size; one that decodes first calls it corrupt.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func big(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        let ihdr: [UInt8] = Array("IHDR".utf8) + big(width) + big(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + big(13) + ihdr + [0, 0, 0, 0]
    }

    /// A JPEG whose frame header (SOF0) says `width`×`height`, cut after it.
    static func jpegHeader(width: UInt16, height: UInt16) -> [UInt8] {
        [
            0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 3,
            1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1
        ]
    }

    @Test func theHeaderGivesTheSizeWithoutDecoding() {
        #expect(
            StillImage.declaredSize(of: Self.pngHeader(width: 16000, height: 12000)).map { [$0.width, $0.height] } == [
                16000, 12000
            ])
        #expect(
            StillImage.declaredSize(of: Self.jpegHeader(width: 40000, height: 30000)).map { [$0.width, $0.height] } == [
                40000, 30000
            ])
        #expect(StillImage.declaredSize(of: Array(Self.pngHeader(width: 1, height: 1).prefix(20))) == nil)
        #expect(StillImage.declaredSize(of: Array("not a picture".utf8)) == nil)
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func detectRefusesAStillOverMaxPixelsByItsHeader() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.pngHeader(width: 16000, height: 16000), to: "big.png")
        try folder.write(Self.jpegHeader(width: 9000, height: 8000), to: "big.jpg")
        let result = try IrisExecutable.run(["detect", "big.png", "big.jpg", "--type", "face,rect"], in: folder.path)
        #expect(result.status == 1)
        #expect(
            result.stderrLines.prefix(2) == [
                "iris detect: big.png: 16000×16000 is 256 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)",
                "iris detect: big.jpg: 9000×8000 is 72 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)"
            ])
        // Raised past its size, the same header is read on and found to have no pixels.
        let raised = try IrisExecutable.run(["detect", "big.jpg", "--max-pixels", "100"], in: folder.path)
        #expect(raised.status == 1 && !raised.stderr.contains("--max-pixels"))
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func detectHoldsARecordingsFramesToMaxPixels() throws {
        let folder = try TemporaryFolder()
        let writer = try Y4MWriter(path: folder.file("c.y4m"), header: Y4MHeader(width: 64, height: 48))
        try writer.append(Frame(buffer: PixelBuffer(width: 64, height: 48, format: .i420)))
        try writer.close()
        let refused = try IrisExecutable.run(["detect", "c.y4m", "--max-pixels", "0.003"], in: folder.path)
        #expect(refused.status == 1)
        #expect(
            refused.stderrLines.first
                == "iris detect: c.y4m: 64×48 is 0.0031 Mpx, over the limit of 0.003 Mpx (raise it with --max-pixels)")
        #expect(try IrisExecutable.run(["detect", "c.y4m", "--max-pixels", "0.004"], in: folder.path).status == 0)
        let invalid = try IrisExecutable.run(["detect", "c.y4m", "--max-pixels", "-1"], in: folder.path)
        #expect(
            invalid.status == 64
                && invalid.stderr.contains("--max-pixels must be a positive number of megapixels, got -1.0"))
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func benchChecksEverySizeFirst() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(["bench", "--no-gles", "--sizes", "360p,99999x99999"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)  // refused before the first size was measured
        #expect(
            result.stderr.contains(
                "--sizes 99999x99999: 99999×99999 is 10000 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)"))
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func evalRefusesATruthFramePastTheLimitByLine() throws {
        let folder = try TemporaryFolder()
        let writer = try Y4MWriter(path: folder.file("c.y4m"), header: Y4MHeader(width: 64, height: 48))
        try writer.append(Frame(buffer: PixelBuffer(width: 64, height: 48, format: .i420)))
        try writer.close()
        try folder.write(Array("1000000000,1,10,20,30,40,1,1,1\n".utf8), to: "gt.txt")
        let result = try IrisExecutable.run(["eval", "c.y4m", "--truth", "gt.txt"], in: folder.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "gt.txt: line 1: frame 1000000000 is past the 10000000 frames a truth file may describe"))
    }
}
