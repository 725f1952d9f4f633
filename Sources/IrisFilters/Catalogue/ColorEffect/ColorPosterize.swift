import IrisCore

extension BuiltInFilters {
    /// CIColorPosterize: each straight red, green and blue takes one of `inputLevels` evenly spaced values.
    /// Iris works in perceptual (gamma 2) space so the steps look even: p = √clamp(c, 0, 1);
    /// q = min(⌊p·n⌋, n − 1) / (n − 1); out = q² (n = levels; one level gives black). ⌊⌋ gets 1e-4 added
    /// first so a value that lands on a step by arithmetic is not split by rounding.
    static let colorPosterize = FilterDescriptor(
        name: "CIColorPosterize", displayName: "Color Posterize",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary:
            "Remaps red, green, and blue color components to the number of brightness values you specify for each color component.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputLevels", .scalar, default: .number(6), range: 1...Double.infinity, slider: 2...30,
                summary: "How many values each component may take.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                colorPosterizeKernel, [image], KernelArguments([.float(Float(try args.number("inputLevels")))]),
                extent: image.extent, label: "CIColorPosterize")
        })

    static let colorPosterizeKernel = Kernel(
        color: "irisColorPosterize", parameters: [.init("levels", "float")],
        glsl: """
            vec4 irisColorPosterize(vec4 s0, float levels) {
                vec4 c = iris_unpremultiply(s0);
                vec3 p = sqrt(clamp(c.rgb, 0.0, 1.0));
                vec3 q = min(floor(p * levels + 1e-4), levels - 1.0) / max(levels - 1.0, 1.0);
                return vec4(q * q * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let levels = args.float(0), top = max(levels - 1, 1)
            @inline(__always) func step(_ v: Float) -> Float {
                let q = min((min(max(v, 0), 1).squareRoot() * levels + 1e-4).rounded(.down), levels - 1) / top
                return q * q
            }
            for i in px.indices {
                let c = unpremultiplied(px[i])
                px[i] = SIMD4(step(c.x) * c.w, step(c.y) * c.w, step(c.z) * c.w, c.w)
            }
        })
}
