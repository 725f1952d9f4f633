import IrisCore

/// A texture a generated program samples. The texture at position i of `GeneratedProgram.textures` is bound
/// to texture unit i and read through the uniforms `u_t<i>` (sampler), `u_t<i>_rect` and `u_t<i>_extent`.
enum SampledTexture: Hashable {
    case leaf(Int)
    case intermediate(Int)
    /// Entry i of `GeneratedProgram.cubes`, as a `CubeTextureCache` atlas (nearest filtering).
    case cube(Int)
}

/// The fragment shader for one pass and the values its uniforms take for the plan it was generated from.
/// Values live in uniforms, not in the source, so the same source (and compiled program) serves every
/// frame of a pipeline whatever its parameters.
struct GeneratedProgram {
    let fragmentSource: String
    /// The kernels the program calls, for error messages.
    let kernelNames: [String]
    let textures: [SampledTexture]
    /// The units of the leaves and intermediates read only at their texels' centres (`ShaderDemand`): bound
    /// with nearest sampling, which gives the same values for less work on a software rasteriser.
    let texelCentredUnits: Set<Int>
    /// The colour cubes the program looks up, in `SampledTexture.cube` order.
    let cubes: [ColorCube]
    /// Uniforms that are the same for every tile: kernel arguments, constants, extents.
    let planUniforms: [(name: String, value: KernelValue)]
    /// The `u_origin` uniform and the texture rectangles change per tile; see `TileUniforms`.
    static let originUniform = "u_origin"
    static func samplerUniform(_ unit: Int) -> String { "u_t\(unit)" }
    static func rectUniform(_ unit: Int) -> String { "u_t\(unit)_rect" }
}
