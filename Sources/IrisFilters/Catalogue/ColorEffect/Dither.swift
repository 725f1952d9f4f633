import IrisCore

extension BuiltInFilters {
    /// CIDither: adds noise before quantisation. Core Image works in a perceptual space and does not publish
    /// its noise; Iris adds, in perceptual (gamma 2) space, intensity · n · 16/255 to each straight component,
    /// where n ∈ [−½, ½) is one value per pixel (the same for red, green and blue) from a hash of the
    /// pixel's integer position: x and y mod 289, then h = P(P(x) + y) with P(v) = (34v² + v) mod 289 (the
    /// permutation polynomial of Gustavson's noise, exact in 32-bit floats), n = h / 289 − ½. So the default
    /// 0.1 is about ±0.8 of an 8-bit step, and 5 is heavy grain. It reads the destination coordinate, so it
    /// is not position independent (never baked into a lookup).
    static let dither = FilterDescriptor(
        name: "CIDither", displayName: "Dither",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Apply dithering to an image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(0.1), range: 0...5,
                summary: "The strength of the noise.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let intensity = try args.number("inputIntensity")
            if intensity == 0 { return image }
            return Image.make(
                ditherKernel, [image], KernelArguments([.float(Float(intensity * 16 / 255))]),
                extent: image.extent, label: "CIDither")
        })

    /// The hash as the CPU computes it, in integers: n ∈ [−½, ½) for the pixel whose centre is at `point`.
    static func ditherNoise(_ point: SIMD2<Float>) -> Float {
        @inline(__always) func mod289(_ v: Int) -> Int { ((v % 289) + 289) % 289 }
        @inline(__always) func permute(_ v: Int) -> Int { mod289((34 * v + 1) * v) }
        let x = mod289(Int(point.x.rounded(.down))), y = mod289(Int(point.y.rounded(.down)))
        return Float(permute(mod289(permute(x) + y))) / 289 - 0.5
    }

    // mod289 adds ½ before dividing: for a whole number a, (a + ½) / 289 is never near a whole number, so a
    // slightly inexact GPU division cannot move the floor.
    static let ditherKernel = Kernel(
        color: "irisDither", usesDestCoord: true, parameters: [.init("amplitude", "float")],
        glsl: """
            float irisDitherMod289(float v) { return v - 289.0 * floor((v + 0.5) / 289.0); }
            float irisDitherPermute(float v) { return irisDitherMod289((34.0 * v + 1.0) * v); }
            vec4 irisDither(vec4 s0, vec2 dc, float amplitude) {
                vec2 cell = vec2(irisDitherMod289(floor(dc.x)), irisDitherMod289(floor(dc.y)));
                float n = irisDitherPermute(irisDitherMod289(irisDitherPermute(cell.x) + cell.y)) / 289.0 - 0.5;
                vec4 c = iris_unpremultiply(s0);
                vec3 p = sign(c.rgb) * sqrt(abs(c.rgb)) + amplitude * n;
                return vec4(p * abs(p) * c.a, c.a);
            }
            """,
        cpu: { px, _, coords, args in
            let amplitude = args.float(0)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let offset = amplitude * ditherNoise(coords[i])
                let p = ColorFilterSupport.perceptual(SIMD3(c.x, c.y, c.z)) + offset
                let out = ColorFilterSupport.fromPerceptual(p)
                px[i] = SIMD4(out.x * c.w, out.y * c.w, out.z * c.w, c.w)
            }
        })
}
