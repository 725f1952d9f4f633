import CEGL
import IrisCore

/// Uploads the part of a plane a tile needs. GLES2 has no GL_UNPACK_ROW_LENGTH, so a sub-rectangle or a
/// padded stride goes through a packed scratch buffer; a whole packed plane uploads straight from memory.
final class PlaneUploader {
    private var scratch: [UInt8] = []

    /// The channels of the texture `leaf`'s plane uploads into, as the pixel-format table gives them;
    /// the plan's shaders read the leaf with the channel count it declares, so the two must agree.
    static func textureChannels(of leaf: RenderPlan.Leaf, index: Int) throws(RenderError) -> Int {
        let channels = try layout(of: leaf, index: index).textureChannels
        guard leaf.channels == channels else {
            throw .gl(operation: "upload of leaf \(index): \(leaf.channels) channel(s) but \(leaf.buffer.format) plane \(leaf.plane) uploads as \(channels)", code: Int(GL_INVALID_VALUE))
        }
        return channels
    }

    private static func layout(of leaf: RenderPlan.Leaf, index: Int) throws(RenderError) -> PixelFormat.PlaneLayout {
        let buffer = leaf.buffer
        guard buffer.planes.indices.contains(leaf.plane), buffer.format.planes.indices.contains(leaf.plane) else {
            throw .gl(operation: "upload of leaf \(index): \(buffer.format) has no plane \(leaf.plane)", code: Int(GL_INVALID_VALUE))
        }
        return buffer.format.planes[leaf.plane]
    }

    /// Uploads `rect` (plane coordinates, bottom-left origin) of `leaf` into `texture`, which is `rect`'s size
    /// and has the format chosen for `textureChannels(of:index:)`.
    /// The rect's top row becomes texture row 0, as the plan's storage convention says.
    func upload(leaf: RenderPlan.Leaf, index: Int, rect: Rect, into texture: PooledTexture) throws(RenderError) {
        let layout = try Self.layout(of: leaf, index: index)
        let plane = leaf.buffer.planes[leaf.plane]
        let bytesPerSample = texture.format.bytesPerTexel
        guard layout.bytesPerSample == bytesPerSample else {
            throw .gl(operation: "upload of leaf \(index): \(texture.format) texels but \(leaf.buffer.format) plane \(leaf.plane) has \(layout.bytesPerSample) bytes per sample", code: Int(GL_INVALID_VALUE))
        }
        let x = Int(rect.minX), width = Int(rect.width), height = Int(rect.height)
        let firstRow = leaf.height - Int(rect.maxY)
        let rowBytes = width * bytesPerSample
        let stride = plane.bytesPerRow
        guard x >= 0, firstRow >= 0, x + width <= leaf.width, firstRow + height <= leaf.height,
              width == texture.width, height == texture.height,
              plane.bytes.count >= (firstRow + height - 1) * stride + (x + width) * bytesPerSample else {
            throw .gl(operation: "upload of leaf \(index): rect \(rect) does not fit plane \(leaf.extent)", code: Int(GL_INVALID_VALUE))
        }

        glBindTexture(GLenum(GL_TEXTURE_2D), texture.texture)
        let format = texture.format
        if x == 0, stride == rowBytes {
            plane.bytes.withUnsafeBytes { bytes in
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format.format, format.type,
                                bytes.baseAddress.map { $0 + firstRow * stride })
            }
            return
        }
        if scratch.count < rowBytes * height { scratch = [UInt8](repeating: 0, count: rowBytes * height) }
        plane.bytes.withUnsafeBytes { source in
            scratch.withUnsafeMutableBytes { packed in
                guard let from = source.baseAddress, let to = packed.baseAddress else { return }
                for row in 0..<height {
                    (to + row * rowBytes).copyMemory(from: from + (firstRow + row) * stride + x * bytesPerSample, byteCount: rowBytes)
                }
            }
        }
        scratch.withUnsafeBytes { packed in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), format.format, format.type, packed.baseAddress)
        }
    }
}
