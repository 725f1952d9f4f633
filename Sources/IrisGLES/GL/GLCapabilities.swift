import CEGL
import IrisCore

/// What the current context offers, and the texture formats chosen from it. Read once on the GL thread.
struct GLCapabilities {
    let vendor: String
    let renderer: String
    let version: String
    let shadingLanguageVersion: String
    let extensions: Set<String>
    let isGLES3: Bool
    let highPrecision: Bool
    let maximumTextureSize: Int
    let maximumTextureUnits: Int
    let usesTextureRG: Bool
    let intermediateFormat: TextureFormat

    init(options: GLESRenderer.Options) {
        vendor = glString(GL_VENDOR)
        renderer = glString(GL_RENDERER)
        version = glString(GL_VERSION)
        shadingLanguageVersion = glString(GL_SHADING_LANGUAGE_VERSION)
        extensions = Set(glString(GL_EXTENSIONS).split(separator: " ").map(String.init))
        // Mesa hands out its highest compatible version for a GLES2 request: "OpenGL ES 3.2 Mesa 22.3.6".
        let major = version.split(separator: " ").dropFirst(2).first.flatMap { Int($0.prefix { $0.isNumber }) } ?? 2
        isGLES3 = major >= 3

        var range: [GLint] = [0, 0], precision: GLint = 0
        glGetShaderPrecisionFormat(GLenum(GL_FRAGMENT_SHADER), GLenum(GL_HIGH_FLOAT), &range, &precision)
        highPrecision = precision > 0

        var viewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        let glLimit =
            [glInteger(GL_MAX_TEXTURE_SIZE), glInteger(GL_MAX_RENDERBUFFER_SIZE), Int(viewport[0]), Int(viewport[1])]
            .filter { $0 > 0 }.min() ?? 2048
        maximumTextureSize = max(1, min(glLimit, options.maximumTextureSize ?? .max))
        maximumTextureUnits = glInteger(GL_MAX_TEXTURE_IMAGE_UNITS)

        usesTextureRG = options.allowTextureRG && (isGLES3 || extensions.contains("GL_EXT_texture_rg"))
        intermediateFormat =
            options.allowHalfFloat
            ? Self.renderableHalfFloat(isGLES3: isGLES3, extensions: extensions) ?? .rgba8 : .rgba8
    }

    /// The half-float format if the driver can render into it and filter it linearly, checked on a real FBO.
    private static func renderableHalfFloat(isGLES3: Bool, extensions: Set<String>) -> TextureFormat? {
        let renderable =
            extensions.contains("GL_EXT_color_buffer_half_float")
            || (isGLES3 && extensions.contains("GL_EXT_color_buffer_float"))
        let textures =
            isGLES3
            || (extensions.contains("GL_OES_texture_half_float")
                && extensions.contains("GL_OES_texture_half_float_linear"))
        guard renderable, textures else { return nil }
        let format = TextureFormat.rgbaHalf(gles3: isGLES3)
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format.internalFormat, 4, 4, 0, format.format, format.type, nil)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let complete = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
        while glGetError() != GLenum(GL_NO_ERROR) {}  // a rejected format must not poison the first render
        return complete ? format : nil
    }

    /// The upload format for a plane of `channels` bytes per sample; nil for a count no plane has
    /// (`RenderPlan.validate` admits only the format table's 1, 2, 3 or 4).
    func planeFormat(channels: Int) -> TextureFormat? {
        switch channels {
        case 1: return usesTextureRG ? .red8(sized: isGLES3) : .luminance8
        case 2: return usesTextureRG ? .redGreen8(sized: isGLES3) : .luminanceAlpha8
        case 3: return .rgb8
        case 4: return .rgba8
        default: return nil
        }
    }

    func info(platform: GLESPlatform, readsBackAsynchronously: Bool) -> GLESInfo {
        GLESInfo(
            platform: platform, vendor: vendor, renderer: renderer, version: version,
            shadingLanguageVersion: shadingLanguageVersion, extensions: extensions.sorted(),
            maximumTextureSize: maximumTextureSize, maximumTextureUnits: maximumTextureUnits,
            highPrecision: highPrecision,
            usesTextureRG: usesTextureRG, usesHalfFloat: intermediateFormat != .rgba8,
            intermediateFormat: intermediateFormat.name, readsBackAsynchronously: readsBackAsynchronously)
    }
}
