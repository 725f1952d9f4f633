import CEGL
import IrisCore

/// Textures and framebuffers reused across tiles and renders: a camera pipeline renders the same sizes
/// every frame, so after the first frame nothing is allocated. Textures unused for two renders are freed.
final class TexturePool {
    private struct Key: Hashable {
        let width: Int
        let height: Int
        let format: TextureFormat
        let renderable: Bool
    }
    private var free: [Key: [(texture: PooledTexture, render: Int)]] = [:]
    private var render = 0

    /// A texture of exactly `width`×`height`, bilinear and clamped to its edges.
    func acquire(width: Int, height: Int, format: TextureFormat, renderable: Bool) throws(RenderError) -> PooledTexture
    {
        let key = Key(width: width, height: height, format: format, renderable: renderable)
        if let reused = free[key]?.popLast() { return reused.texture }
        return try create(key)
    }

    func release(_ texture: PooledTexture) {
        let key = Key(
            width: texture.width, height: texture.height, format: texture.format, renderable: texture.framebuffer != 0)
        free[key, default: []].append((texture: texture, render: render))
    }

    /// Called after each render: frees what neither this render nor the one before used.
    func endRender() {
        for key in Array(free.keys) {
            let (stale, kept) = (free[key] ?? []).reduce(
                into: ([PooledTexture](), [(texture: PooledTexture, render: Int)]())
            ) { parts, entry in
                if entry.render < render - 1 { parts.0.append(entry.texture) } else { parts.1.append(entry) }
            }
            stale.forEach(Self.delete)
            free[key] = kept.isEmpty ? nil : kept
        }
        render += 1
    }

    func removeAll() {
        free.values.joined().forEach { Self.delete($0.texture) }
        free.removeAll()
    }

    private func create(_ key: Key) throws(RenderError) -> PooledTexture {
        while glGetError() != GLenum(GL_NO_ERROR) {}
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, key.format.internalFormat, GLsizei(key.width), GLsizei(key.height), 0,
            key.format.format, key.format.type, nil)
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            glDeleteTextures(1, &texture)
            if error == GLenum(GL_OUT_OF_MEMORY) {
                throw .outOfMemory(renderer: "gles", bytes: key.width * key.height * key.format.bytesPerTexel)
            }
            throw .gl(operation: "glTexImage2D(\(key.width)×\(key.height) \(key.format))", code: Int(error))
        }
        var framebuffer: GLuint = 0
        if key.renderable {
            glGenFramebuffers(1, &framebuffer)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glFramebufferTexture2D(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                glDeleteFramebuffers(1, &framebuffer)
                glDeleteTextures(1, &texture)
                throw .gl(
                    operation: "glCheckFramebufferStatus(\(key.width)×\(key.height) \(key.format))", code: Int(status))
            }
        }
        return PooledTexture(
            texture: texture, framebuffer: framebuffer, width: key.width, height: key.height, format: key.format)
    }

    private static func delete(_ texture: PooledTexture) {
        var framebuffer = texture.framebuffer, name = texture.texture
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        glDeleteTextures(1, &name)
    }
}
