import CEGL
import IrisCore

/// Copies a tile's output-pass texture into the scanout surface's framebuffer. Pass textures hold the
/// tile's top row first; a window surface shows GL's top row at the top of the screen, so the copy flips.
/// Nearest sampling at texel centres keeps it bit-exact.
final class ScanoutBlit {
    private let program: GLuint
    private let samplerLocation: GLint

    init() throws(RenderError) {
        let vertex = """
            attribute vec2 a_position;
            varying vec2 v_uv;
            void main() {
                v_uv = vec2(a_position.x * 0.5 + 0.5, 0.5 - a_position.y * 0.5);
                gl_Position = vec4(a_position, 0.0, 1.0);
            }
            """
        let fragment = """
            #ifdef GL_FRAGMENT_PRECISION_HIGH
            precision highp float;
            #else
            precision mediump float;
            #endif
            uniform sampler2D u_texture;
            varying vec2 v_uv;
            void main() { gl_FragColor = vec4(texture2D(u_texture, v_uv).rgb, 1.0); }
            """
        program = try ShaderCompiler.link(vertex: vertex, fragment: fragment, kernelNames: "scanout copy")
        samplerLocation = glGetUniformLocation(program, "u_texture")
    }

    /// Draws `texture` into the bound framebuffer at `viewport` (x, y from the bottom-left, GL's convention).
    func draw(_ texture: PooledTexture, x: Int, y: Int, triangle: FullScreenTriangle) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
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
