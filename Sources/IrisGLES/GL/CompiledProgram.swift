import CEGL

/// A linked GL program and the locations of its uniforms, looked up once each.
final class CompiledProgram {
    let program: GLuint
    private var locations: [String: GLint] = [:]

    init(program: GLuint) { self.program = program }

    /// -1 when the uniform does not exist or was optimised away; GL ignores writes to -1.
    func location(_ name: String) -> GLint {
        if let known = locations[name] { return known }
        let location = glGetUniformLocation(program, name)
        locations[name] = location
        return location
    }

    func delete() { glDeleteProgram(program) }
}
