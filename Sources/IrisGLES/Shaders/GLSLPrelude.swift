import IrisCore

/// The text every generated fragment shader starts with.
enum GLSLPrelude {
    static let fragment = """
        #ifdef GL_FRAGMENT_PRECISION_HIGH
        precision highp float;
        precision highp sampler2D;
        #else
        precision mediump float;
        precision mediump sampler2D;
        #endif

        \(ColorManagementGLSL.functions)

        // An extent is (minX, minY, maxX, maxY); points on the max edges are outside, as pixel (w-1) ends at w.
        bool iris_outside(vec2 q, vec4 e) { return q.x < e.x || q.y < e.y || q.x >= e.z || q.y >= e.w; }

        """

    /// Draws one triangle that covers the viewport; the fragment shader works from gl_FragCoord alone.
    static let vertex = """
        attribute vec2 a_position;
        void main() { gl_Position = vec4(a_position, 0.0, 1.0); }
        """

    /// A stand-in for ±infinity in uniforms: GLSL ES 1.00 has no portable infinity, and 1e30 is past any pixel.
    static let farAway: Double = 1e30

    /// An extent as the vec4 that `iris_outside` reads.
    static func extentValue(_ rect: Rect) -> KernelValue {
        if rect.isInfinite {
            // Rect marks infinity on any side as wholly infinite.
            return .vec4(SIMD4(Float(-farAway), Float(-farAway), Float(farAway), Float(farAway)))
        }
        if rect.isEmpty { return .vec4(SIMD4(0, 0, 0, 0)) }
        return .vec4(SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY)))
    }
}
