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
