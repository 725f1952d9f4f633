import CEGL

/// A GL texture of one exact size and format, with a framebuffer when passes render into it.
struct PooledTexture {
    let texture: GLuint
    /// 0 when the texture is only sampled (plane uploads).
    let framebuffer: GLuint
    let width: Int
    let height: Int
    let format: TextureFormat
}

extension PooledTexture {
    /// Binds the texture to unit 0 with nearest sampling while `draw` runs, then gives it back the bilinear
    /// sampling the pool's textures have everywhere else.
    func sampledNearest(_ draw: () -> Void) {
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        draw()
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
    }
}
