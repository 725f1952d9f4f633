import CEGL

/// The three numbers glTexImage2D needs for one kind of texture, plus its texel size.
struct TextureFormat: Hashable, CustomStringConvertible {
    let internalFormat: GLint
    let format: GLenum
    let type: GLenum
    let bytesPerTexel: Int
    let name: String

    static let rgba8 = TextureFormat(
        internalFormat: GL_RGBA, format: GLenum(GL_RGBA), type: GLenum(GL_UNSIGNED_BYTE), bytesPerTexel: 4,
        name: "RGBA8")
    /// Packed 24-bit RGB planes (rows need GL_UNPACK_ALIGNMENT 1, which the backend sets once).
    static let rgb8 = TextureFormat(
        internalFormat: GL_RGB, format: GLenum(GL_RGB), type: GLenum(GL_UNSIGNED_BYTE), bytesPerTexel: 3, name: "RGB8")
    static let luminance8 = TextureFormat(
        internalFormat: GL_LUMINANCE, format: GLenum(GL_LUMINANCE), type: GLenum(GL_UNSIGNED_BYTE), bytesPerTexel: 1,
        name: "LUMINANCE")
    static let luminanceAlpha8 = TextureFormat(
        internalFormat: GL_LUMINANCE_ALPHA, format: GLenum(GL_LUMINANCE_ALPHA), type: GLenum(GL_UNSIGNED_BYTE),
        bytesPerTexel: 2, name: "LUMINANCE_ALPHA")

    /// EXT_texture_rg's formats; a GLES3 context wants the sized internal formats.
    static func red8(sized: Bool) -> TextureFormat {
        TextureFormat(
            internalFormat: sized ? GLConstant.r8 : GLint(GLConstant.red), format: GLConstant.red,
            type: GLenum(GL_UNSIGNED_BYTE), bytesPerTexel: 1, name: "R8")
    }
    static func redGreen8(sized: Bool) -> TextureFormat {
        TextureFormat(
            internalFormat: sized ? GLConstant.rg8 : GLint(GLConstant.rg), format: GLConstant.rg,
            type: GLenum(GL_UNSIGNED_BYTE), bytesPerTexel: 2, name: "RG8")
    }
    /// Half-float RGBA: GLES3's RGBA16F, or GLES2's OES_texture_half_float.
    static func rgbaHalf(gles3: Bool) -> TextureFormat {
        gles3
            ? TextureFormat(
                internalFormat: GLConstant.rgba16F, format: GLenum(GL_RGBA), type: GLConstant.halfFloat,
                bytesPerTexel: 8, name: "RGBA16F")
            : TextureFormat(
                internalFormat: GL_RGBA, format: GLenum(GL_RGBA), type: GLConstant.halfFloatOES, bytesPerTexel: 8,
                name: "RGBA/HALF_FLOAT_OES")
    }

    var description: String { name }
}
