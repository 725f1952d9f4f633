/// The GLSL the small fixed programs share (the scanout copy, the import check's copy, the letterbox draw,
/// the encoder planes): each draws the `FullScreenTriangle` over its viewport.
enum TextureDrawGLSL {
    /// A fragment shader's float precision: high where the GL has it.
    static let precision = """
        #ifdef GL_FRAGMENT_PRECISION_HIGH
        precision highp float;
        #else
        precision mediump float;
        #endif
        """

    /// The triangle's vertex shader, with the viewport's texture coordinates in `v_uv`. `flipsRows` puts
    /// the texture's first row at the viewport's top, as a window surface shows it.
    static func vertex(flipsRows: Bool) -> String {
        let v = flipsRows ? "0.5 - a_position.y * 0.5" : "a_position.y * 0.5 + 0.5"
        return """
            attribute vec2 a_position;
            varying vec2 v_uv;
            void main() {
                v_uv = vec2(a_position.x * 0.5 + 0.5, \(v));
                gl_Position = vec4(a_position, 0.0, 1.0);
            }
            """
    }
}
