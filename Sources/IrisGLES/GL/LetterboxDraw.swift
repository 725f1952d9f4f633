import CEGL
import IrisCore

/// Draws a picture texture scaled into a rectangle of a scanout surface over opaque black: the preview of
/// a frame whose chain was rendered once, at the recording's size (`GLESScanoutRenderer.submit`). Rows are
/// flipped (pass textures hold the top row first; a window surface shows GL's top row at the top of the
/// screen), red and blue swapped back when the picture was rendered blue first, and the texture sampled
/// bilinearly at each screen pixel's centre (a frame drawn at its own size lands texel for texel).
final class LetterboxDraw {
    private let program: GLuint
    private let samplerLocation: GLint
    private let swapLocation: GLint
    private let sizeLocation: GLint

    init() throws(RenderError) {
        let vertex = TextureDrawGLSL.vertex(flipsRows: true)
        // Bilinear by hand from four nearest reads: llvmpipe's own filtering of RGBA8 textures gathers with
        // AVX2, which crashed under the QEMU guest's emulation; its nearest reads do not.
        let fragment = """
            \(TextureDrawGLSL.precision)
            uniform sampler2D u_texture;
            uniform vec2 u_size;
            uniform float u_swap;
            varying vec2 v_uv;
            vec3 texel(vec2 i) { return texture2D(u_texture, (clamp(i, vec2(0.0), u_size - 1.0) + 0.5) / u_size).rgb; }
            void main() {
                vec2 p = v_uv * u_size - 0.5;
                vec2 i = floor(p);
                vec2 f = p - i;
                vec3 c = mix(
                    mix(texel(i), texel(i + vec2(1.0, 0.0)), f.x),
                    mix(texel(i + vec2(0.0, 1.0)), texel(i + vec2(1.0, 1.0)), f.x), f.y);
                gl_FragColor = vec4(mix(c, c.bgr, u_swap), 1.0);
            }
            """
        program = try ShaderCompiler.link(vertex: vertex, fragment: fragment, kernelNames: "letterbox draw")
        samplerLocation = glGetUniformLocation(program, "u_texture")
        swapLocation = glGetUniformLocation(program, "u_swap")
        sizeLocation = glGetUniformLocation(program, "u_size")
    }

    /// Clears the bound surface (framebuffer 0, `width`×`height`) to black and draws `texture` into
    /// `content` (whole pixels, bottom-left origin, GL's and Core Image's convention).
    func draw(
        _ texture: PooledTexture, into content: (x: Int, y: Int, width: Int, height: Int), surfaceWidth: Int,
        surfaceHeight: Int, swapsRedBlue: Bool, triangle: FullScreenTriangle
    ) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(surfaceWidth), GLsizei(surfaceHeight))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glViewport(GLint(content.x), GLint(content.y), GLsizei(content.width), GLsizei(content.height))
        glUseProgram(program)
        texture.sampledNearest {
            glUniform1i(samplerLocation, 0)
            glUniform1f(swapLocation, swapsRedBlue ? 1 : 0)
            glUniform2f(sizeLocation, Float(texture.width), Float(texture.height))
            triangle.draw()
        }
    }

    func delete() { glDeleteProgram(program) }
}
