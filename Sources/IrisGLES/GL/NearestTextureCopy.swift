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
        let v = flipsRows ? "0.5 - a_position.y * 0.5" : "a_position.y * 0.5 + 0.5"
        let vertex = """
            attribute vec2 a_position;
            varying vec2 v_uv;
            void main() {
                v_uv = vec2(a_position.x * 0.5 + 0.5, \(v));
                gl_Position = vec4(a_position, 0.0, 1.0);
            }
            """
        let colour = opaque ? "vec4(texture2D(u_texture, v_uv).rgb, 1.0)" : "texture2D(u_texture, v_uv)"
        let fragment = """
            #ifdef GL_FRAGMENT_PRECISION_HIGH
            precision highp float;
            #else
            precision mediump float;
            #endif
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
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glUniform1i(samplerLocation, 0)
        triangle.draw()
        // The pool's textures sample bilinearly everywhere else.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
    }

    func delete() { glDeleteProgram(program) }
}
