import Foundation
import IrisCore
import Testing

@Suite(.serialized) struct DMABufTests {
    @Test func descriptorsAreListedOnceInPlaneOrder() {
        let planes = [
            DMABuf.Plane(fd: 9, offset: 0, bytesPerRow: 64), DMABuf.Plane(fd: 4, offset: 0, bytesPerRow: 32),
            DMABuf.Plane(fd: 9, offset: 4096, bytesPerRow: 32)
        ]
        let dmabuf = DMABuf(width: 64, height: 64, fourCC: "YU12", planes: planes, modifier: nil)
        #expect(dmabuf.fileDescriptors == [9, 4])
    }

    @Test func scanoutBufferDescribesItsDMABuf() {
        let dmabuf = DMABuf(
            width: 640, height: 480, fourCC: ScanoutBuffer.xrgb8888,
            planes: [.init(fd: 11, offset: 0, bytesPerRow: 2560)], modifier: DMABuf.linearModifier)
        let buffer = ScanoutBuffer(id: 2, dmabuf: dmabuf)
        #expect(buffer.description == "640×480 XR24 [fd 11 +0 stride 2560] linear (buffer 2)")
        #expect(
            DMABuf(width: 1, height: 1, fourCC: "XR24", planes: [], modifier: 0x0100_0000_0000_0001).description
                == "1×1 XR24 [] modifier 0x100000000000001")
    }
}
