import CEGL
import IrisCore

/// One triangle that covers the whole viewport (cheaper than a quad's two: no shared diagonal).
final class FullScreenTriangle {
    private var buffer: GLuint = 0

    init() throws(RenderError) {
        let corners: [GLfloat] = [-1, -1, 3, -1, -1, 3]
        glGenBuffers(1, &buffer)
        guard buffer != 0 else { throw .gl(operation: "glGenBuffers", code: Int(glGetError())) }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        corners.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
    }

    func draw() {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glEnableVertexAttribArray(ShaderCompiler.positionAttribute)
        glVertexAttribPointer(ShaderCompiler.positionAttribute, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
    }

    func delete() { glDeleteBuffers(1, &buffer) }
}
