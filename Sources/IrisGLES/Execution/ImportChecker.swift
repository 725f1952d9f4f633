import CEGL
import IrisCore

/// Reads a plane texture back through an RGBA8 target (nearest sampling at texel centres, so each byte
/// comes back as it is sampled) and compares it with the memory the plane should show: how an imported
/// dmabuf image is checked before a render trusts it.
final class ImportChecker {
    private let copy: NearestTextureCopy

    init() throws(RenderError) { copy = try NearestTextureCopy(flipsRows: false, opaque: false, name: "import check") }

    /// Nil when every texel's bytes equal the memory's (row 0 is the first row in memory, as uploads store
    /// it); otherwise what differs.
    func compare(
        _ texture: PooledTexture, against bytes: UnsafeRawBufferPointer, bytesPerRow: Int, backend: GLESBackend
    ) throws(RenderError) -> String? {
        let width = texture.width, height = texture.height, channels = texture.format.bytesPerTexel
        let target = try backend.pool.acquire(width: width, height: height, format: .rgba8, renderable: true)
        defer { backend.pool.release(target) }
        copy.draw(texture, into: target.framebuffer, x: 0, y: 0, triangle: backend.triangle)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            throw .gl(operation: "reading an imported plane back", code: Int(error))
        }
        var differing = 0
        var first: String?
        for row in 0..<height {
            for x in 0..<width {
                for c in 0..<channels {
                    let imported = pixels[(row * width + x) * 4 + c],
                        memory = bytes[row * bytesPerRow + x * channels + c]
                    if imported != memory {
                        differing += 1
                        if first == nil {
                            first = "first at x \(x), row \(row): imported \(imported), memory \(memory)"
                        }
                    }
                }
            }
        }
        guard differing > 0 else { return nil }
        return "\(differing) of \(width * height * channels) bytes differ (\(first ?? ""))"
    }

    func delete() { copy.delete() }
}
