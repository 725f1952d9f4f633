import IrisCore
@testable import IrisVideo
import Testing

/// How an exported capture buffer is described, without a device: the planes where V4L2's single-planar
/// layout puts them (checked against vivid's real buffers by tools/vm-test).
@Suite struct CaptureDMABufTests {
    func negotiated(_ format: CaptureFormat, width: Int = 640, height: Int = 480, bytesPerLine: Int) -> NegotiatedFormat
    {
        NegotiatedFormat(
            format: format, width: width, height: height, bytesPerLine: bytesPerLine, sizeImage: 0,
            colorimetry: .default, colorspace: 0, ycbcrEncoding: 0, quantization: 0)
    }

    @Test func nv12PlanesShareTheLumaStride() {
        let dmabuf = negotiated(.nv12, bytesPerLine: 640).dmabuf(fd: 7)
        #expect(dmabuf.fourCC.code == 0x3231_564E)
        #expect(
            dmabuf.planes == [
                .init(fd: 7, offset: 0, bytesPerRow: 640), .init(fd: 7, offset: 307_200, bytesPerRow: 640)
            ])
        #expect(dmabuf.fileDescriptors == [7])
        #expect(dmabuf.modifier == DMABuf.linearModifier)
        #expect(dmabuf.width == 640 && dmabuf.height == 480)
    }

    @Test func i420ChromaRowsAreHalfThePaddedLumaRows() {
        let dmabuf = negotiated(.i420, bytesPerLine: 704).dmabuf(fd: 3)
        #expect(dmabuf.fourCC == "YU12")
        #expect(dmabuf.planes.map(\.offset) == [0, 337_920, 422_400])
        #expect(dmabuf.planes.map(\.bytesPerRow) == [704, 352, 352])
    }

    @Test func mjpegIsOneBitstreamUnderItsV4L2Code() {
        let dmabuf = negotiated(.mjpeg, bytesPerLine: 0).dmabuf(fd: 5)
        #expect(dmabuf.fourCC == "MJPG")
        #expect(dmabuf.planes == [.init(fd: 5, offset: 0, bytesPerRow: 0)])
    }
}
