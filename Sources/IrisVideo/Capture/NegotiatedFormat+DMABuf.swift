import IrisCore

extension NegotiatedFormat {
    /// A capture buffer exported as `fd`, described as a dmabuf: the planes lie where `Camera` reads them
    /// (V4L2's single-planar layout), the FourCC is DRM's for the format, and V4L2 buffers are linear.
    func dmabuf(fd: Int32) -> DMABuf {
        let info = format.info
        let planes: [DMABuf.Plane]
        if let layout = info.format {
            planes = layout.contiguousPlanes(width: width, height: height, firstPlaneBytesPerRow: bytesPerLine)
                .map { DMABuf.Plane(fd: fd, offset: $0.offset, bytesPerRow: $0.bytesPerRow) }
        } else {
            // A compressed frame is one bitstream from the start of the buffer.
            planes = [DMABuf.Plane(fd: fd, offset: 0, bytesPerRow: bytesPerLine)]
        }
        return DMABuf(
            width: width, height: height, fourCC: info.drmFourCC ?? info.v4l2FourCC, planes: planes,
            modifier: DMABuf.linearModifier)
    }
}
