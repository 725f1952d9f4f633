import CEGL

/// `glGetString` as a Swift string ("" when GL has none).
func glString(_ name: Int32) -> String {
    guard let pointer = glGetString(GLenum(name)) else { return "" }
    return String(cString: pointer)
}

func glInteger(_ name: Int32) -> Int {
    var value: GLint = 0
    glGetIntegerv(GLenum(name), &value)
    return Int(value)
}
