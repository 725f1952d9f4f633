import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// C422 and C444 files: read, with chroma averaged down to `.i420` (PixelFormat has no planar 4:2:2/4:4:4).
@Suite struct Y4MChromaTests {
    @Test func c422ChromaIsAveragedVertically() throws {
        let directory = try TemporaryDirectory()
        // 3×2: luma 6 bytes; 4:2:2 chroma planes are 2×2, 4:2:0 ones 2×1.
        let payload: [UInt8] = [1, 2, 3, 4, 5, 6] + [10, 20, 30, 41] + [100, 200, 101, 203]
        let path = try directory.write(
            Array("YUV4MPEG2 W3 H2 F25:1 C422 XCOLORRANGE=FULL\nFRAME\n".utf8) + payload, to: "422.y4m")
        let reader = try Y4MReader(path: path)
        #expect(reader.header.colorspace == .c422 && reader.header.frameByteCount == 14)
        let frame = try #require(try reader.nextFrame())
        #expect(frame.buffer.format == .i420)
        #expect(frame.buffer.planes.map(\.bytes) == [[1, 2, 3, 4, 5, 6], [20, 31], [101, 202]])
        #expect(frame.colorimetry.range == .full)
        #expect(try reader.nextFrame() == nil)
    }

    @Test func c444ChromaIsAveragedOverTwoByTwoBlocksAndOddEdges() throws {
        let directory = try TemporaryDirectory()
        // 3×3: every plane is 3×3; 4:2:0 chroma is 2×2, the right column and bottom row cover fewer samples.
        let cb: [UInt8] = [
            10, 20, 30,
            40, 50, 60,
            70, 80, 90
        ]
        let cr: [UInt8] = [Array(repeating: 128, count: 8), [0]].flatMap { $0 }
        let luma = [UInt8](0..<9)
        let path = try directory.write(Array("YUV4MPEG2 W3 H3 C444\nFRAME\n".utf8) + luma + cb + cr, to: "444.y4m")
        let frame = try #require(try Y4MReader(path: path).nextFrame())
        #expect(frame.buffer.planes[0].bytes == luma)
        #expect(frame.buffer.planes[1].bytes == [30, 45, 75, 90])
        #expect(frame.buffer.planes[2].bytes == [128, 128, 128, 0])
    }

    @Test func theRecordingFrontDoorReads444AndMonoToo() throws {
        let directory = try TemporaryDirectory()
        let c444 = try directory.write(
            Array("YUV4MPEG2 W2 H2 C444\nFRAME\n".utf8) + [UInt8](repeating: 7, count: 12), to: "a.y4m")
        #expect(try Recording(path: c444).nextFrame()?.buffer.planes.map(\.bytes) == [[7, 7, 7, 7], [7], [7]])
        let mono = try directory.write(Array("YUV4MPEG2 W2 H2 Cmono\nFRAME\n".utf8) + [1, 2, 3, 4], to: "m.y4m")
        #expect(try Recording(path: mono).nextFrame()?.buffer.planes.map(\.bytes) == [[1, 2, 3, 4], [128], [128]])
    }

    @Test func a444FrameCutShortIsTruncated() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Array("YUV4MPEG2 W2 H2 C444\nFRAME\n".utf8) + [UInt8](repeating: 7, count: 9), to: "cut.y4m")
        #expect(throws: Y4MError.truncatedFrame(path: path, frame: 0, expectedBytes: 12, gotBytes: 9)) {
            try Y4MReader(path: path).nextFrame()
        }
    }

    @Test func headersWith422And444RoundTripButTheWriterRefusesThem() throws {
        for space in [Y4MColorspace.c422, .c444] {
            let header = Y4MHeader(width: 4, height: 2, colorspace: space)
            #expect(try Y4MHeader(line: header.line) == header)
            let directory = try TemporaryDirectory()
            #expect(throws: Y4MError.self) { try Y4MWriter(path: directory.file("w.y4m"), header: header) }
        }
    }
}
