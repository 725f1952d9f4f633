import Foundation
import IrisCore
@testable import IrisVideo
import Testing

@Suite struct Y4MTests {
    /// An i420 frame with distinct bytes everywhere, so a swapped or shifted plane shows.
    static func frame(width: Int, height: Int, seed: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .i420)
        for plane in buffer.planes.indices {
            for i in buffer.planes[plane].bytes.indices {
                buffer.planes[plane].bytes[i] = UInt8((i * 7 + plane * 50 + seed * 13) & 0xFF)
            }
        }
        return buffer
    }

    @Test func twoFramesRoundTripExactlyWithTimestamps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.y4m")
        let header = Y4MHeader(
            width: 5, height: 3, frameRate: .init(30000, 1001),
            colorimetry: Colorimetry(matrix: .bt601, range: .full))
        let frames = [Self.frame(width: 5, height: 3, seed: 1), Self.frame(width: 5, height: 3, seed: 2)]
        let writer = try Y4MWriter(path: path, header: header)
        for buffer in frames { try writer.append(Frame(buffer: buffer)) }
        try writer.close()

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let headerLine = "YUV4MPEG2 W5 H3 F30000:1001 Ip A1:1 C420jpeg XCOLORRANGE=FULL\n"
        #expect(bytes.starts(with: Array(headerLine.utf8)))
        #expect(bytes.count == headerLine.utf8.count + 2 * (6 + 15 + 6 + 6))

        let reader = try Y4MReader(path: path)
        #expect(reader.header == header)
        let first = try #require(try reader.nextFrame())
        let second = try #require(try reader.nextFrame())
        #expect(try reader.nextFrame() == nil)
        #expect(first.buffer == frames[0] && second.buffer == frames[1])
        #expect(first.timestamp == 0 && second.timestamp == 1001.0 / 30000.0)
        #expect(first.sequence == 0 && second.sequence == 1)
        #expect(second.colorimetry == Colorimetry(matrix: .bt601, range: .full))
    }

    @Test func rewindStartsAgainFromTheFirstFrame() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("loop.y4m")
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 4, height: 2))
        try writer.append(Frame(buffer: Self.frame(width: 4, height: 2, seed: 5)))
        try writer.close()
        let reader = try Y4MReader(path: path)
        let first = try reader.nextFrame()
        #expect(try reader.nextFrame() == nil)
        try reader.rewind()
        #expect(try reader.nextFrame()?.buffer == first?.buffer)
    }

    @Test func nv12IsWrittenAsPlanar420() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("nv12.y4m")
        var nv12 = PixelBuffer(width: 4, height: 2, format: .nv12)
        nv12.planes[0].bytes = Array(0..<8)
        nv12.planes[1].bytes = [100, 200, 101, 201]  // Cb Cr Cb Cr
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 4, height: 2))
        try writer.append(Frame(buffer: nv12))
        try writer.close()
        let frame = try #require(try Y4MReader(path: path).nextFrame())
        #expect(frame.buffer.format == .i420)
        #expect(frame.buffer.planes.map(\.bytes) == [Array(0..<8), [100, 101], [200, 201]])
    }

    @Test func monoFramesGetNeutralChroma() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Array("YUV4MPEG2 W3 H2 F25:1 Cmono\nFRAME\n".utf8) + [1, 2, 3, 4, 5, 6], to: "mono.y4m")
        let frame = try #require(try Y4MReader(path: path).nextFrame())
        #expect(frame.buffer.planes.map(\.bytes) == [[1, 2, 3, 4, 5, 6], [128, 128], [128, 128]])
        #expect(frame.colorimetry == .default)
    }

    @Test func aFrameCutShortIsTruncated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.y4m")
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 4, height: 4))
        for seed in 0..<2 { try writer.append(Frame(buffer: Self.frame(width: 4, height: 4, seed: seed))) }
        try writer.close()
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try Data(whole.dropLast(5)).write(to: URL(fileURLWithPath: path))

        let reader = try Y4MReader(path: path)
        #expect(try reader.nextFrame() != nil)
        #expect(throws: Y4MError.truncatedFrame(path: path, frame: 1, expectedBytes: 24, gotBytes: 19)) {
            try reader.nextFrame()
        }
    }

    @Test func aFileEndingInsideTheFrameMarkerIsTruncated() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("YUV4MPEG2 W2 H2\nFRA".utf8), to: "marker.y4m")
        #expect(throws: Y4MError.truncatedFrame(path: path, frame: 0, expectedBytes: 6, gotBytes: 0)) {
            try Y4MReader(path: path).nextFrame()
        }
    }

    @Test func somethingOtherThanFRAMEIsABadMarker() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Array("YUV4MPEG2 W2 H2\nFRAMX\n".utf8) + [UInt8](repeating: 0, count: 6), to: "bad.y4m")
        #expect(throws: Y4MError.badFrameMarker(path: path, frame: 0)) { try Y4MReader(path: path).nextFrame() }
    }

    @Test(arguments: [
        ("YUV4MPEG2 W0 H2", Y4MError.malformedHeader(path: "h.y4m", reason: "bad width (field W)")),
        ("YUV4MPEG2 Wx H2", .malformedHeader(path: "h.y4m", reason: "bad width (field W)")),
        ("YUV4MPEG2 W4 H2 F30:0", .malformedHeader(path: "h.y4m", reason: "bad frame rate (field F)")),
        ("YUV4MPEG2 W4 H2 Iz", .malformedHeader(path: "h.y4m", reason: "bad interlacing (field I)")),
        ("YUV4MPEG2 W4 H2 XCOLORRANGE=WIDE", .malformedHeader(path: "h.y4m", reason: "bad colour range (field X)")),
        ("YUV4MPEG2 W4 F25:1", .missingHeaderField(path: "h.y4m", field: "H (height)")),
        ("YUV4MPEG2 H4", .missingHeaderField(path: "h.y4m", field: "W (width)")),
        ("YUV4MPEG2 W4 H2 C420p10", .unsupportedColorspace(path: "h.y4m", tag: "420p10")),
        ("YUV4MPEG2 W4 H2 C411", .unsupportedColorspace(path: "h.y4m", tag: "411")),
        ("YUV4MPEG W4 H2", .badMagic(path: "h.y4m"))
    ])
    func malformedHeadersAreTypedErrors(line: String, expected: Y4MError) {
        #expect(throws: expected) { try Y4MHeader(line: line, source: "h.y4m") }
    }

    @Test func headerFieldsAreParsed() throws {
        let header = try Y4MHeader(
            line: "YUV4MPEG2 W640 H480 F30000:1001 It A0:0 C420mpeg2 XYSCSS=420MPEG2 Zfuture XCOLORRANGE=LIMITED\n")
        #expect(header.width == 640 && header.height == 480)
        #expect(header.frameRate == .init(30000, 1001) && header.interlacing == .topFieldFirst)
        #expect(header.pixelAspectRatio == .init(0, 0) && header.colorspace == .c420mpeg2)
        #expect(header.colorimetry == Colorimetry(matrix: .bt601, range: .video))
        #expect(header.extensions == ["XYSCSS=420MPEG2"])
        #expect(try Y4MHeader(line: header.line) == header)
    }

    @Test func fileErrorsNameTheFile() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("none.y4m")
        #expect(throws: Y4MError.fileNotFound(path: missing)) { try Y4MReader(path: missing) }
        let png = try directory.write(PNGCodec.encode(TestImages.rgbaPattern()), to: "image.y4m")
        #expect(throws: Y4MError.badMagic(path: png)) { try Y4MReader(path: png) }
        let endless = try directory.write([UInt8](repeating: 0x41, count: 10000), to: "endless.y4m")
        #expect(throws: Y4MError.self) { try Y4MReader(path: endless) }
        let noNewline = try directory.write(Array("YUV4MPEG2 W2 H2".utf8), to: "nonl.y4m")
        #expect(throws: Y4MError.malformedHeader(path: noNewline, reason: "the header line has no newline")) {
            try Y4MReader(path: noNewline)
        }
    }

    @Test func writerRefusesFramesThatDoNotFit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("w.y4m")
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 4, height: 2))
        #expect(throws: Y4MError.self) {
            try writer.append(Frame(buffer: PixelBuffer(width: 2, height: 2, format: .i420)))
        }
        #expect(throws: Y4MError.self) {
            try writer.append(Frame(buffer: PixelBuffer(width: 4, height: 2, format: .rgba8)))
        }
        try writer.close()
        #expect(throws: Y4MError.self) {
            try writer.append(Frame(buffer: PixelBuffer(width: 4, height: 2, format: .i420)))
        }
        #expect(throws: Y4MError.writeFailed(path: directory.file("no/dir.y4m"), reason: "directory does not exist")) {
            try Y4MWriter(path: directory.file("no/dir.y4m"), header: Y4MHeader(width: 4, height: 2))
        }
    }

    @Test func monoWriterWritesLumaOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("m.y4m")
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 2, height: 2, colorspace: .mono))
        try writer.append(Frame(buffer: Self.frame(width: 2, height: 2, seed: 0)))
        try writer.close()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == "YUV4MPEG2 W2 H2 F25:1 Ip A1:1 Cmono XCOLORRANGE=LIMITED\nFRAME\n".utf8.count + 4)
    }
}
