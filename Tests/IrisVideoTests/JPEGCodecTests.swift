import IrisCore
@testable import IrisVideo
import Testing

@Suite struct JPEGCodecTests {
    @Test func smoothImageRoundTripsWithinASmallTolerance() throws {
        let original = TestImages.smoothGradient()
        let decoded = try JPEGCodec.decode(try JPEGCodec.encode(original))
        #expect(decoded.width == original.width && decoded.height == original.height && decoded.format == .rgba8)
        #expect(TestImages.maxColorDifference(original, decoded) <= 6)
        #expect(decoded.rgba(x: 3, row: 3)[3] == 255)
    }

    @Test func bgraInputEncodesTheSameColours() throws {
        let bgra = TestImages.smoothGradient(format: .bgra8)
        let decoded = try JPEGCodec.decode(try JPEGCodec.encode(bgra, quality: 75))
        #expect(TestImages.maxColorDifference(bgra, decoded) <= 10)
    }

    @Test func lowerQualityMakesSmallerFiles() throws {
        let image = TestImages.noise()
        #expect(try JPEGCodec.encode(image, quality: 20).count < JPEGCodec.encode(image, quality: 95).count)
    }

    @Test func qualityOutsideOneToHundredIsRefused() {
        #expect(throws: StillImageError.self) { try JPEGCodec.encode(TestImages.smoothGradient(), quality: 0) }
        #expect(throws: StillImageError.self) { try JPEGCodec.encode(TestImages.smoothGradient(), quality: 101) }
    }

    @Test func noEXIFMeansUp() throws {
        #expect(JPEGCodec.orientation(of: try JPEGCodec.encode(TestImages.smoothGradient())) == .up)
    }

    @Test(arguments: [(true, Orientation.right), (false, .left), (true, .downMirrored), (false, .up)])
    func exifOrientationIsReadInBothByteOrders(littleEndian: Bool, orientation: Orientation) throws {
        let directory = try TemporaryDirectory()
        let jpeg = EXIFBuilder.insertingAPP1(
            orientation: orientation, littleEndian: littleEndian,
            into: try JPEGCodec.encode(TestImages.smoothGradient()))
        let path = try directory.write(jpeg, to: "photo.jpg")
        let decoded = try StillImage.read(contentsOf: path)
        #expect(decoded.format == .jpeg)
        #expect(decoded.orientation == orientation)
        #expect(decoded.buffer.width == 64)
    }

    @Test func aJPEGCutInHalfIsTruncated() throws {
        let directory = try TemporaryDirectory()
        let whole = try JPEGCodec.encode(TestImages.noise())
        let path = try directory.write(Array(whole.prefix(whole.count / 2)), to: "cut.jpg")
        #expect(throws: StillImageError.truncated(path: path)) { try StillImage.read(contentsOf: path) }
    }

    @Test func aJPEGCutInsideItsHeaderIsTruncated() throws {
        let whole = try JPEGCodec.encode(TestImages.noise())
        for length in [3, 10, 40, 150] {
            #expect(throws: StillImageError.truncated(path: "<memory>")) {
                try JPEGCodec.decode(Array(whole.prefix(length)))
            }
        }
    }

    /// The file's frame header (SOF0) rewritten to claim `width`×`height`.
    private static func claiming(width: Int, height: Int, _ jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        guard let sof = JPEGMarkerWalk.segments(bytes).segments.first(where: { $0.marker == 0xC0 }) else {
            return bytes
        }
        // Payload: precision, height (2 bytes), width (2 bytes), components…
        let at = sof.payload.lowerBound
        bytes[at + 1] = UInt8(height >> 8)
        bytes[at + 2] = UInt8(height & 0xFF)
        bytes[at + 3] = UInt8(width >> 8)
        bytes[at + 4] = UInt8(width & 0xFF)
        return bytes
    }

    @Test func aHeaderClaimingMorePixelsThanTheDataHoldsIsCorrupt() throws {
        let small = try JPEGCodec.encode(TestImages.noise())
        #expect(small.count < 64 * 1024)
        #expect {
            try JPEGCodec.decode(Self.claiming(width: 16384, height: 16384, small))
        } throws: { error in
            guard case let .corrupt(_, reason) = error as? StillImageError else { return false }
            return reason.contains("declares 16384×16384 pixels")
        }
    }

    @Test func aScanThatEndsBeforeItsBlocksIsAnError() throws {
        // Plausible for the data's size, yet the scan runs out part-way: libjpeg warns "premature end of
        // data segment" and fills the rest with grey, which Iris does not pass off as the picture.
        let image = TestImages.noise()
        let bytes = Self.claiming(width: image.width * 3, height: image.height * 3, try JPEGCodec.encode(image))
        #expect(throws: StillImageError.truncated(path: "<memory>")) { try JPEGCodec.decode(bytes) }
    }

    @Test func jpegSignatureFollowedByGarbageIsCorrupt() throws {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]
        bytes += [UInt8](repeating: 0x41, count: 14) + [0x12, 0x34] + [UInt8](repeating: 0x55, count: 200)
        #expect {
            try JPEGCodec.decode(bytes)
        } throws: { error in
            guard case .corrupt = error as? StillImageError else { return false }
            return true
        }
    }
}

/// Builds an APP1 "Exif" segment holding a TIFF IFD0 with the orientation tag after another tag, so the
/// reader has to walk entries rather than find 0x0112 first.
enum EXIFBuilder {
    static func insertingAPP1(orientation: Orientation, littleEndian: Bool, into jpeg: [UInt8]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8) + u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + [0x49, 0x72, 0x73, 0x00]  // Make = "Irs", ASCII inline
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation.rawValue) + u16(0)
        tiff += u32(0)  // no IFD1
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg.prefix(2)) + segment + jpeg.dropFirst(2)
    }
}
