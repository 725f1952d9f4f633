import CEGL
import IrisCore

/// Draws a video encoder's Y'CbCr planes (`EncoderPlanes`) from a render's RGBA output texture and reads
/// them back: 1.5 bytes a pixel instead of RGBA's 4, and no RGB → Y'CbCr conversion left for the CPU.
/// Each plane is an RGBA8 target whose texel packs four bytes of a plane row (four Y', four Cb or Cr,
/// or two CbCr pairs), so `glReadPixels` lands each plane in place with rows padded to 4 bytes, the
/// layout `EncoderPlanes.makeBuffer` gives. The coefficients are `Colorimetry.ycbcrFromRGB`, as the
/// CPU's `EncoderPlaneConverter` uses them; chroma is each 2×2 block's mean, an odd edge repeated.
final class EncoderPlanePasses {
    private enum Kind: CaseIterable {
        /// Four Y' a texel.
        case luma
        /// Four Cb (or Cr) a texel: I420's chroma planes.
        case chroma
        /// Cb, Cr, Cb, Cr: NV12's chroma plane.
        case interleavedChroma
    }

    private struct Program {
        let program: GLuint
        let picture: GLint, size: GLint, first: GLint, second: GLint
    }

    private var programs: [Kind: Program] = [:]

    /// Draws the planes from `picture` (the output pass's texture, top row first, in `pictureFormat`'s
    /// byte order) and reads them into a new buffer. Adds the readback to `traffic`.
    func read(
        _ picture: PooledTexture, pictureFormat: PixelFormat, encoding: EncoderPlanes, backend: GLESBackend
    ) throws(RenderError) -> PixelBuffer {
        // Each plane's readback writes every byte, padding included.
        var planes = encoding.makeBuffer(width: picture.width, height: picture.height, zeroed: false)
        try draw(picture, pictureFormat: pictureFormat, encoding: encoding, backend: backend) { index, readPixels in
            planes.planes[index].bytes.withUnsafeMutableBytes { readPixels($0.baseAddress) }
        }
        return planes
    }

    /// Draws the planes and reads them into the bound pixel pack buffer, plane `i` at `offsets[i]`.
    func read(
        _ picture: PooledTexture, pictureFormat: PixelFormat, encoding: EncoderPlanes, backend: GLESBackend,
        packingAt offsets: [Int]
    ) throws(RenderError) {
        try draw(picture, pictureFormat: pictureFormat, encoding: encoding, backend: backend) { index, readPixels in
            readPixels(UnsafeMutableRawPointer(bitPattern: offsets[index]))
        }
    }

    /// Draws each plane into its target and has `land` call the readback with where its bytes go: host
    /// memory, or an offset into the bound pixel pack buffer.
    private func draw(
        _ picture: PooledTexture, pictureFormat: PixelFormat, encoding: EncoderPlanes, backend: GLESBackend,
        land: (Int, (UnsafeMutableRawPointer?) -> Void) -> Void
    ) throws(RenderError) {
        let (m, offset) = encoding.colorimetry.ycbcrFromRGB
        // A BGRA picture's texture holds blue in its red channel.
        let swapsRedBlue = pictureFormat == .bgra8
        func row(_ index: Int, _ offset: Float) -> SIMD4<Float> {
            let r = m[3 * index], g = m[3 * index + 1], b = m[3 * index + 2]
            return swapsRedBlue ? SIMD4(b, g, r, offset) : SIMD4(r, g, b, offset)
        }
        let (y, cb, cr) = (row(0, offset.x), row(1, offset.y), row(2, offset.z))
        let draws: [(kind: Kind, first: SIMD4<Float>, second: SIMD4<Float>)] =
            encoding.layout == .i420
            ? [(.luma, y, y), (.chroma, cb, cb), (.chroma, cr, cr)] : [(.luma, y, y), (.interleavedChroma, cb, cr)]
        glBindTexture(GLenum(GL_TEXTURE_2D), picture.texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        defer {
            // The pool's textures sample bilinearly everywhere else.
            glBindTexture(GLenum(GL_TEXTURE_2D), picture.texture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        }
        for (index, draw) in draws.enumerated() {
            let texelsWide = encoding.bytesPerRow(plane: index, width: picture.width) / 4
            let rows = encoding.pixelFormat.planeSize(index, width: picture.width, height: picture.height).height
            let target = try backend.pool.acquire(width: texelsWide, height: rows, format: .rgba8, renderable: true)
            defer { backend.pool.release(target) }
            let program = try program(draw.kind)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
            glViewport(0, 0, GLsizei(texelsWide), GLsizei(rows))
            glUseProgram(program.program)
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), picture.texture)
            glUniform1i(program.picture, 0)
            glUniform2f(program.size, Float(picture.width), Float(picture.height))
            glUniform4f(program.first, draw.first.x, draw.first.y, draw.first.z, draw.first.w)
            glUniform4f(program.second, draw.second.x, draw.second.y, draw.second.z, draw.second.w)
            backend.triangle.draw()
            land(index) { destination in
                glReadPixels(
                    0, 0, GLsizei(texelsWide), GLsizei(rows), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), destination)
            }
            backend.traffic.add(ByteTraffic(gpuReadBack: texelsWide * 4 * rows))
            let error = glGetError()
            guard error == GLenum(GL_NO_ERROR) else {
                throw .gl(operation: "encoder plane \(index) (\(texelsWide)×\(rows) texels)", code: Int(error))
            }
        }
    }

    func delete() {
        programs.values.forEach { glDeleteProgram($0.program) }
        programs.removeAll()
    }

    private func program(_ kind: Kind) throws(RenderError) -> Program {
        if let compiled = programs[kind] { return compiled }
        let program = try ShaderCompiler.link(
            vertex: Self.vertex, fragment: Self.fragment(kind), kernelNames: "encoder planes (\(kind))")
        let compiled = Program(
            program: program, picture: glGetUniformLocation(program, "u_picture"),
            size: glGetUniformLocation(program, "u_size"), first: glGetUniformLocation(program, "u_first"),
            second: glGetUniformLocation(program, "u_second"))
        programs[kind] = compiled
        return compiled
    }

    private static let vertex = """
        attribute vec2 a_position;
        void main() { gl_Position = vec4(a_position, 0.0, 1.0); }
        """

    /// Framebuffer row j is plane row j (targets and the picture both hold their top row first).
    private static func fragment(_ kind: Kind) -> String {
        // Four values of one kind a texel: Y' of four pixels, or Cb (Cr) of four 2×2 blocks.
        func fourPerTexel(_ sample: String) -> String {
            """
            void main() {
                vec2 texel = floor(gl_FragCoord.xy);
                float x = 4.0 * texel.x;
                gl_FragColor = vec4(
                    code(u_first, \(sample)(x, texel.y)), code(u_first, \(sample)(x + 1.0, texel.y)),
                    code(u_first, \(sample)(x + 2.0, texel.y)), code(u_first, \(sample)(x + 3.0, texel.y)));
            }
            """
        }
        let body: String
        switch kind {
        case .luma: body = fourPerTexel("pixel")
        case .chroma: body = fourPerTexel("block")
        case .interleavedChroma:
            body = """
                void main() {
                    vec2 texel = floor(gl_FragCoord.xy);
                    vec3 a = block(2.0 * texel.x, texel.y), b = block(2.0 * texel.x + 1.0, texel.y);
                    gl_FragColor = vec4(code(u_first, a), code(u_second, a), code(u_first, b), code(u_second, b));
                }
                """
        }
        return """
            \(TextureDrawGLSL.precision)
            uniform sampler2D u_picture;
            uniform vec2 u_size;
            uniform vec4 u_first;
            uniform vec4 u_second;
            // Pixel (x, y) of the picture, y from its top; past an edge, the edge pixel.
            vec3 pixel(float x, float y) {
                vec2 p = min(vec2(x, y), u_size - 1.0) + 0.5;
                return texture2D(u_picture, p / u_size).rgb;
            }
            // The mean of chroma sample (cx, cy)'s 2×2 block.
            vec3 block(float cx, float cy) {
                float x = 2.0 * cx, y = 2.0 * cy;
                return 0.25 * (pixel(x, y) + pixel(x + 1.0, y) + pixel(x, y + 1.0) + pixel(x + 1.0, y + 1.0));
            }
            float code(vec4 k, vec3 c) { return dot(k.rgb, c) + k.a; }
            \(body)
            """
    }
}
