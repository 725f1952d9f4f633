import CEGL

/// GL enums that GLES2's headers lack (GLES3 core names) or spell per extension, in the types GL calls take.
enum GLConstant {
    /// GLES3 core `GL_HALF_FLOAT`; GLES2's OES_texture_half_float uses `GL_HALF_FLOAT_OES` instead.
    static let halfFloat = GLenum(0x140B)
    static let halfFloatOES = GLenum(GL_HALF_FLOAT_OES)
    static let rgba16F = GLint(GL_RGBA16F_EXT)
    static let red = GLenum(GL_RED_EXT)
    static let rg = GLenum(GL_RG_EXT)
    static let r8 = GLint(GL_R8_EXT)
    static let rg8 = GLint(GL_RG8_EXT)
    /// GLES3 core: pixel buffer objects and fences (`PixelPackBuffers`).
    static let pixelPackBuffer = GLenum(0x88EB)
    static let streamRead = GLenum(0x88E1)
    static let mapReadBit = GLbitfield(0x0001)
    static let syncGPUCommandsComplete = GLenum(0x9117)
    static let syncFlushCommandsBit = GLbitfield(0x0001)
    static let alreadySignaled = GLenum(0x911A)
    static let conditionSatisfied = GLenum(0x911C)
}
