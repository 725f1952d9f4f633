import CEGL
import IrisCore

/// Compiles and links GLSL, turning GL's info logs into `RenderError.kernelCompileFailed`.
enum ShaderCompiler {
    /// The attribute the vertex shader reads, bound to location 0 before linking.
    static let positionAttribute: GLuint = 0

    static func link(vertex: String, fragment: String, kernelNames: String) throws(RenderError) -> GLuint {
        let vertexShader = try compile(vertex, type: GL_VERTEX_SHADER, kernelNames: kernelNames)
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try compile(fragment, type: GL_FRAGMENT_SHADER, kernelNames: kernelNames)
        defer { glDeleteShader(fragmentShader) }

        let program = glCreateProgram()
        guard program != 0 else { throw .gl(operation: "glCreateProgram", code: Int(glGetError())) }
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        glBindAttribLocation(program, positionAttribute, "a_position")
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = infoLog(of: program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .kernelCompileFailed(kernel: kernelNames, log: log.isEmpty ? "link failed with an empty log" : log)
        }
        return program
    }

    private static func compile(_ source: String, type: Int32, kernelNames: String) throws(RenderError) -> GLuint {
        let shader = glCreateShader(GLenum(type))
        guard shader != 0 else { throw .gl(operation: "glCreateShader", code: Int(glGetError())) }
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(of: shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .kernelCompileFailed(kernel: kernelNames, log: log.isEmpty ? "compile failed with an empty log" : log)
        }
        return shader
    }

    private static func infoLog(
        of object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "" }
        var bytes = [GLchar](repeating: 0, count: Int(size))
        var written: GLsizei = 0
        read(object, size, &written, &bytes)
        let text = bytes.prefix(Int(max(0, min(written, size)))).map { UInt8(bitPattern: $0) }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
