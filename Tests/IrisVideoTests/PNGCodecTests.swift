import IrisCore
@testable import IrisVideo
import Testing

@Suite struct PNGCodecTests {
    @Test func rgbaWithAlphaRoundTripsExactly() throws {
        let original = TestImages.rgbaPattern()
        let decoded = try PNGCodec.decode(try PNGCodec.encode(original))
        #expect(decoded == original)
    }

    @Test func bgraInputDecodesToTheSamePixelsAsRGBA() throws {
        let rgba = TestImages.rgbaPattern()
        var bgra = PixelBuffer(width: rgba.width, height: rgba.height, format: .bgra8)
        for i in stride(from: 0, to: rgba.planes[0].bytes.count, by: 4) {
            let p = rgba.planes[0].bytes
            bgra.planes[0].bytes.replaceSubrange(i..<(i + 4), with: [p[i + 2], p[i + 1], p[i], p[i + 3]])
        }
        let decoded = try PNGCodec.decode(try PNGCodec.encode(bgra))
        #expect(decoded.format == .rgba8)
        #expect(decoded.planes[0].bytes == rgba.planes[0].bytes)
    }

    @Test func paddedRowsAreEncodedWithoutTheirPadding() throws {
        let packed = TestImages.rgbaPattern(width: 5, height: 3)
        var rows: [UInt8] = []
        for row in 0..<3 {
            rows += packed.planes[0].bytes[(row * 20)..<(row * 20 + 20)] + [UInt8](repeating: 0xEE, count: 12)
        }
        let padded = try PixelBuffer(width: 5, height: 3, format: .rgba8, planes: [.init(bytes: rows, bytesPerRow: 32)])
        #expect(try PNGCodec.decode(try PNGCodec.encode(padded)) == packed)
    }

    @Test func eightBitGrayBecomesOpaqueRGBA() throws {
        let file = PNGAssembler.png(
            width: 3, height: 2, bitDepth: 8, colorType: 0, rows: [[0, 100, 255], [7, 128, 200]])
        let decoded = try PNGCodec.decode(file)
        #expect(decoded.width == 3 && decoded.height == 2 && decoded.format == .rgba8)
        #expect(decoded.rgba(x: 1, row: 0) == SIMD4(100, 100, 100, 255))
        #expect(decoded.rgba(x: 2, row: 1) == SIMD4(200, 200, 200, 255))
    }

    @Test func grayWithAlphaKeepsStraightAlpha() throws {
        let file = PNGAssembler.png(width: 2, height: 1, bitDepth: 8, colorType: 4, rows: [[90, 0, 200, 64]])
        let decoded = try PNGCodec.decode(file)
        #expect(decoded.rgba(x: 0, row: 0) == SIMD4(90, 90, 90, 0))
        #expect(decoded.rgba(x: 1, row: 0) == SIMD4(200, 200, 200, 64))
    }

    @Test func sixteenBitRGBIsReducedToEightBitsWithoutAGammaChange() throws {
        // Samples v·257 are exactly v/255 in 16 bits; taken as sRGB (no gAMA chunk) they must map back to v.
        func sample(_ v: Int) -> [UInt8] { [UInt8(v), UInt8(v)] }
        let row = sample(10) + sample(128) + sample(250) + sample(255) + sample(0) + sample(77)
        let file = PNGAssembler.png(width: 2, height: 1, bitDepth: 16, colorType: 2, rows: [row])
        let decoded = try PNGCodec.decode(file)
        #expect(decoded.rgba(x: 0, row: 0) == SIMD4(10, 128, 250, 255))
        #expect(decoded.rgba(x: 1, row: 0) == SIMD4(255, 0, 77, 255))
    }

    @Test func paletteWithTransparencyExpandsToRGBA() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let file = PNGAssembler.png(
            width: 3, height: 1, bitDepth: 8, colorType: 3, rows: [[2, 0, 1]],
            extraChunks: [("PLTE", palette), ("tRNS", [255, 128])])
        let decoded = try PNGCodec.decode(file)
        #expect(decoded.rgba(x: 0, row: 0) == SIMD4(0, 0, 255, 255))
        #expect(decoded.rgba(x: 1, row: 0) == SIMD4(255, 0, 0, 255))
        #expect(decoded.rgba(x: 2, row: 0) == SIMD4(0, 255, 0, 128))
    }

    @Test func aPNGCutInHalfIsATypedErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        let whole = try PNGCodec.encode(TestImages.noise())
        let path = try directory.write(Array(whole.prefix(whole.count / 2)), to: "cut.png")
        #expect(throws: StillImageError.truncated(path: path)) { try StillImage.read(contentsOf: path) }
    }

    @Test func everyCutOfAPNGIsTruncatedOrCorrupt() throws {
        let whole = try PNGCodec.encode(TestImages.rgbaPattern(width: 9, height: 7))
        for length in stride(from: 0, to: whole.count, by: 3) {
            do {
                _ = try PNGCodec.decode(Array(whole.prefix(length)))
                Issue.record("a PNG cut to \(length) of \(whole.count) bytes decoded")
            } catch {
                switch error {
                case .truncated, .corrupt: break
                default: Issue.record("cut to \(length): \(error)")
                }
            }
        }
    }

    @Test func damagedImageDataIsCorrupt() throws {
        var bytes = PNGAssembler.png(
            width: 3, height: 2, bitDepth: 8, colorType: 0, rows: [[0, 100, 255], [7, 128, 200]])
        bytes[50] ^= 0xFF  // inside IDAT: the chunk's CRC no longer matches
        #expect {
            try PNGCodec.decode(bytes, source: "damaged.png")
        } throws: { error in
            guard case let .corrupt(path, reason) = error as? StillImageError else { return false }
            return path == "damaged.png" && !reason.isEmpty
        }
    }

    @Test func yuvBuffersAreRefusedWithAReason() throws {
        #expect {
            try PNGCodec.encode(PixelBuffer(width: 4, height: 4, format: .nv12), destination: "x.png")
        } throws: { error in
            guard case let .writeFailed(path, reason) = error as? StillImageError else { return false }
            return path == "x.png" && reason.contains("nv12")
        }
    }
}
