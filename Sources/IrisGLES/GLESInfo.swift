/// What the GL driver behind a `GLESRenderer` is and which of its features the renderer uses.
///
///     print(try GLESRenderer().info)   // gles: llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6, surfaceless, …
public struct GLESInfo: Sendable, CustomStringConvertible {
    public let platform: GLESPlatform
    public let vendor: String
    public let renderer: String
    public let version: String
    public let shadingLanguageVersion: String
    public let extensions: [String]
    /// The texture side the renderer uses: GL's limit, lowered by `Options.maximumTextureSize`.
    public let maximumTextureSize: Int
    /// The textures one pass can sample at once (GL_MAX_TEXTURE_IMAGE_UNITS).
    public let maximumTextureUnits: Int
    /// Fragment shaders run in highp (else mediump, which limits coordinates to about ±16384).
    public let highPrecision: Bool
    /// 1- and 2-channel planes upload as R8/RG8 (EXT_texture_rg) rather than LUMINANCE/LUMINANCE_ALPHA.
    public let usesTextureRG: Bool
    /// Intermediate passes render into half-float textures rather than RGBA8.
    public let usesHalfFloat: Bool
    /// The GL format of intermediate textures ("RGBA16F", "RGBA/HALF_FLOAT_OES" or "RGBA8").
    public let intermediateFormat: String
    /// Readbacks go into pixel buffer objects (GLES 3) and `GLESRenderer.submit` returns before they are
    /// done; on GLES 2 they wait.
    public let readsBackAsynchronously: Bool

    /// GL renderer strings of software rasterisers.
    static let softwareRenderers = ["llvmpipe", "softpipe", "swrast", "lavapipe", "software"]

    /// GL runs on the CPU (llvmpipe, softpipe): `iris run --renderer auto` then takes the CPU renderer, and
    /// GLES applies baked colour cubes (measured faster there than the fused kernels).
    public var isSoftwareRasterizer: Bool {
        let name = renderer.lowercased()
        return Self.softwareRenderers.contains { name.contains($0) }
    }

    public var description: String {
        "gles: \(renderer), \(version), \(platform), max texture \(maximumTextureSize), "
            + "\(highPrecision ? "highp" : "mediump"), planes \(usesTextureRG ? "R8/RG8" : "LUMINANCE/LUMINANCE_ALPHA"), "
            + "intermediates \(intermediateFormat), readback \(readsBackAsynchronously ? "asynchronous" : "synchronous")"
    }
}
