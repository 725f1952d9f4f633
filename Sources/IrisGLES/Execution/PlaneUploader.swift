import CEGL
import IrisCore

/// Uploads the part of a plane a tile needs. GLES2 has no GL_UNPACK_ROW_LENGTH, so a sub-rectangle or a
/// padded stride goes through a packed scratch buffer; a whole packed plane uploads straight from memory.
final class PlaneUploader {
    private var scratch: [UInt8] = []
    private let traffic: ByteTrafficCounter

    init(traffic: ByteTrafficCounter) { self.traffic = traffic }

    /// Uploads `rect` (plane coordinates, bottom-left origin) of `leaf` into `texture`, which is `rect`'s size
    /// and has the format `GLCapabilities.planeFormat(channels:)` gives for the leaf's channels.
    /// The rect's top row becomes texture row 0, as the plan's storage convention says.
    /// `RenderPlan.validate` has held the leaf to its plane's texture channels and bytes, and the rect to
    /// the plane's extent, so the copy below stays inside the plane.
    func upload(leaf: RenderPlan.Leaf, rect: Rect, into texture: PooledTexture) {
        let plane = leaf.buffer.planes[leaf.plane]
        let bytesPerSample = texture.format.bytesPerTexel
        assert(
            bytesPerSample == leaf.buffer.format.planes[leaf.plane].bytesPerSample,
            "a plane format whose texels are not its samples")
        let x = Int(rect.minX), width = Int(rect.width), height = Int(rect.height)
        let firstRow = leaf.height - Int(rect.maxY)
        let rowBytes = width * bytesPerSample
        let stride = plane.bytesPerRow
        assert(width == texture.width && height == texture.height, "the texture is acquired at the rect's size")

        glBindTexture(GLenum(GL_TEXTURE_2D), texture.texture)
        let format = texture.format
        if x == 0, stride == rowBytes {
            traffic.add(ByteTraffic(gpuUploaded: rowBytes * height))
            plane.withUnsafeBytes { bytes in
                glTexSubImage2D(
                    GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format.format, format.type,
                    bytes.baseAddress.map { $0 + firstRow * stride })
            }
            return
        }
        if scratch.count < rowBytes * height { scratch = [UInt8](repeating: 0, count: rowBytes * height) }
        traffic.add(ByteTraffic(cpuCopied: rowBytes * height, gpuUploaded: rowBytes * height))
        plane.withUnsafeBytes { source in
            scratch.withUnsafeMutableBytes { packed in
                guard let from = source.baseAddress, let to = packed.baseAddress else { return }
                for row in 0..<height {
                    (to + row * rowBytes).copyMemory(
                        from: from + (firstRow + row) * stride + x * bytesPerSample, byteCount: rowBytes)
                }
            }
        }
        scratch.withUnsafeBytes { packed in
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format.format, format.type,
                packed.baseAddress)
        }
    }
}
