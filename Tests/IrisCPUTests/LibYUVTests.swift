import IrisCore
import Foundation
import IrisBench
import IrisCPU
import Testing

@Suite(.serialized) struct LibYUVTests {
    /// One NV12 frame filled with a single Y'CbCr colour.
    func solidNV12(y: UInt8, cb: UInt8, cr: UInt8, width: Int = 4, height: Int = 2) -> PixelBuffer {
        var frame = PixelBuffer(width: width, height: height, format: .nv12)
        frame.planes[0].bytes = Array(repeating: y, count: frame.planes[0].bytes.count)
        frame.planes[1].bytes = (0..<frame.planes[1].bytes.count).map { $0 % 2 == 0 ? cb : cr }
        return frame
    }

    @Test func nV12ToARGBMatchesHandComputedBT601() throws {
        let (y, cb, cr): (Double, Double, Double) = (120, 90, 170)
        // BT.601 video range: R = 1.164(Y−16) + 1.596(Cr−128), G = 1.164(Y−16) − 0.392(Cb−128) − 0.813(Cr−128),
        // B = 1.164(Y−16) + 2.017(Cb−128).
        let yy = 1.164 * (y - 16)
        let expected = [yy + 1.596 * (cr - 128), yy - 0.392 * (cb - 128) - 0.813 * (cr - 128), yy + 2.017 * (cb - 128)]
            .map { UInt8(min(max($0, 0), 255).rounded()) }
        let out = try LibYUV.nv12ToARGB(solidNV12(y: UInt8(y), cb: UInt8(cb), cr: UInt8(cr)))
        #expect(out.format == .bgra8)
        let bytes = out.planes[0].bytes
        // libyuv "ARGB" is B, G, R, A in memory.
        let got = [bytes[2], bytes[1], bytes[0]]
        for c in 0..<3 {
            #expect(abs(Int(got[c]) - Int(expected[c])) <= 2, "channel \(c): \(got) vs \(expected)")
        }
        #expect(bytes[3] == 255)
    }

    @Test func rGBAOutputIsBGRASwapped() throws {
        let frame = solidNV12(y: 200, cb: 60, cr: 150)
        let bgra = try LibYUV.convert(frame, to: .bgra8), rgba = try LibYUV.convert(frame, to: .rgba8)
        #expect(rgba.format == .rgba8)
        #expect((try LibYUV.swappingRedBlue(bgra)) == rgba)
    }

    @Test func copiesAreExact() {
        let frame = solidNV12(y: 7, cb: 8, cr: 9, width: 6, height: 4)
        #expect(LibYUV.copy(frame) == frame)
        #expect(MemoryCopy.copy(frame) == frame)
    }

    @Test func rejectsRGBSource() {
        #expect(throws: (any Error).self) { try LibYUV.nv12ToARGB(PixelBuffer(width: 2, height: 2, format: .rgba8)) }
    }
}
