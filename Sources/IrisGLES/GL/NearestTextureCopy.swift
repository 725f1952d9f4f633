import CEGL
import IrisCore

/// Draws a texture into a framebuffer texel for texel: nearest sampling at texel centres keeps it bit-exact.
/// The scanout surface's copy flips rows (pass textures hold the top row first, a window surface shows GL's
/// top row at the top of the screen) and writes opaque colour; the import check copies rows as they are and
/// keeps every channel, so a plane's bytes come back unchanged.
final class NearestTextureCopy {
    private let program: GLuint
    private let samplerLocation: GLint

    init(flipsRows: Bool, opaque: Bool, name: String) throws(RenderError) {
        let vertex = TextureDrawGLSL.vertex(flipsRows: flipsRows)
        let colour = opaque ? "vec4(texture2D(u_texture, v_uv).rgb, 1.0)" : "texture2D(u_texture, v_uv)"
        let fragment = """
            \(TextureDrawGLSL.precision)
            uniform sampler2D u_texture;
            varying vec2 v_uv;
            void main() { gl_FragColor = \(colour); }
            """
        program = try ShaderCompiler.link(vertex: vertex, fragment: fragment, kernelNames: name)
        samplerLocation = glGetUniformLocation(program, "u_texture")
    }

    /// Draws `texture` into `framebuffer` (0: the surface) at `x`, `y` from the bottom-left, GL's convention.
    func draw(_ texture: PooledTexture, into framebuffer: GLuint, x: Int, y: Int, triangle: FullScreenTriangle) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(GLint(x), GLint(y), GLsizei(texture.width), GLsizei(texture.height))
        glUseProgram(program)
        texture.sampledNearest {
            glUniform1i(samplerLocation, 0)
            triangle.draw()
        }
    }

    func delete() { glDeleteProgram(program) }
}
