import CEGL
import IrisCore

/// Writes a kernel value into the uniform at `location` of the program in use.
func setUniform(_ location: GLint, _ value: KernelValue) {
    guard location >= 0 else { return }
    switch value {
    case let .float(v): glUniform1f(location, v)
    case let .vec2(v): glUniform2f(location, v.x, v.y)
    case let .vec3(v): glUniform3f(location, v.x, v.y, v.z)
    case let .vec4(v): glUniform4f(location, v.x, v.y, v.z, v.w)
    case let .mat4(m):
        // A short array would read past its end; pad with zeros.
        let padded = m.count >= 16 ? Array(m.prefix(16)) : m + [Float](repeating: 0, count: 16 - m.count)
        padded.withUnsafeBufferPointer { glUniformMatrix4fv(location, 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }
}
