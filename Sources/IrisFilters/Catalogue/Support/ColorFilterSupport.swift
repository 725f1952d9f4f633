import IrisCore

/// Helpers shared by the colour adjustment and colour effect filters.
///
/// "Perceptual" below is Core Image's phrase for a gamma 2 version of the working space: p = sign(c)·√|c|,
/// back with c = p·|p|. Filters whose steps or ramps should be even to the eye (tone curves, posterize,
/// dither, the photo effects' curves, luma ramps) work there; it costs a square root, not a `pow`.
enum ColorFilterSupport {
    /// A filter's `.color` input (straight sRGB components) as linear working-space red, green, blue.
    static func linearRGB(_ c: SIMD4<Double>) -> SIMD3<Float> {
        SIMD3(
            TransferFunction.sRGBToLinear(Float(c.x)), TransferFunction.sRGBToLinear(Float(c.y)),
            TransferFunction.sRGBToLinear(Float(c.z)))
    }

    @inline(__always) static func perceptual(_ v: Float) -> Float { v < 0 ? -(-v).squareRoot() : v.squareRoot() }
    @inline(__always) static func fromPerceptual(_ v: Float) -> Float { v * abs(v) }

    static func perceptual(_ v: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(perceptual(v.x), perceptual(v.y), perceptual(v.z))
    }
    static func fromPerceptual(_ v: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(fromPerceptual(v.x), fromPerceptual(v.y), fromPerceptual(v.z))
    }
}
