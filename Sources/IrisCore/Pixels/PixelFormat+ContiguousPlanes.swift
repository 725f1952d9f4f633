extension PixelFormat {
    /// Where one plane of a frame lies in a buffer holding the whole frame.
    ///
    ///     let chroma = PixelFormat.nv12.contiguousPlanes(width: 640, height: 480, firstPlaneBytesPerRow: 640)[1]
    public struct PlanePlacement: Sendable, Hashable {
        /// Bytes from the start of the buffer to the plane's first row.
        public let offset: Int
        public let bytesPerRow: Int
        public let rows: Int
        public var byteCount: Int { bytesPerRow * rows }
    }

    /// The planes of a `width`×`height` frame back to back in one buffer, each plane's rows as long
    /// (relative to the plane's width) as the first plane's. This is V4L2's single-planar layout, where
    /// the driver reports only the first plane's stride: NV12's chroma rows share the luma stride, I420's
    /// are half as long.
    public func contiguousPlanes(width: Int, height: Int, firstPlaneBytesPerRow: Int) -> [PlanePlacement] {
        let first = planes[0]
        var offset = 0
        return planes.indices.map { index in
            let plane = planes[index]
            let bytesPerRow =
                firstPlaneBytesPerRow * plane.bytesPerSample * first.horizontalSubsampling
                / (plane.horizontalSubsampling * first.bytesPerSample)
            let placement = PlanePlacement(
                offset: offset, bytesPerRow: bytesPerRow,
                rows: planeSize(index, width: width, height: height).height)
            offset += placement.byteCount
            return placement
        }
    }
}
