import IrisCore

extension BuiltInFilters {
    /// CIColorMonochrome: tints the image's grey with `inputColor`, mixed with the original by
    /// `inputIntensity`. Core Image's formula is not published; Iris's is the overlay blend of the grey with
    /// the colour, in perceptual (gamma 2) space so mid grey lands on the colour: with Y = √luma (Rec.709,
    /// clamped 0…1) and K = √colour, T = Y < ½ ? 2·Y·K : 1 − 2(1 − Y)(1 − K); out = mix(c, T², intensity)
    /// on straight linear colour. Black stays black, white stays white, alpha is kept.
    static let colorMonochrome = FilterDescriptor(
        name: "CIColorMonochrome", displayName: "Color Monochrome",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Remaps colors so they fall within shades of a single color.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(0.6, 0.45, 0.3, 1)),
                summary: "The tint: sRGB red, green, blue (alpha is not used)."),
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(1), range: 0...1,
                summary: "0 leaves the image alone, 1 is fully monochrome.")
        ],
        build: { args throws(FilterError) in
            let k = ColorFilterSupport.perceptual(ColorFilterSupport.linearRGB(try args.color("inputColor")))
            let intensity = try args.number("inputIntensity")
            let image = try args.image("inputImage")
            if intensity == 0 { return image }
            return Image.make(
                colorMonochromeKernel, [image], KernelArguments([.vec3(k), .float(Float(intensity))]),
                extent: image.extent, label: "CIColorMonochrome")
        })

    static let colorMonochromeKernel = Kernel(
        color: "irisColorMonochrome", parameters: [.init("tint", "vec3"), .init("intensity", "float")],
        glsl: """
            vec4 irisColorMonochrome(vec4 s0, vec3 tint, float intensity) {
                vec4 c = iris_unpremultiply(s0);
                float y = sqrt(clamp(dot(c.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0));
                vec3 t = mix(2.0 * y * tint, 1.0 - 2.0 * (1.0 - y) * (1.0 - tint), step(0.5, y));
                return vec4(mix(c.rgb, t * t, intensity) * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let tint = args.vec3(0), intensity = args.float(1)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let y = min(max(WorkingSpaceLuma.luma(c), 0), 1).squareRoot()
                let t = y < 0.5 ? 2 * y * tint : 1 - 2 * (1 - y) * (1 - tint)
                let rgb = SIMD3(c.x, c.y, c.z) + (t * t - SIMD3(c.x, c.y, c.z)) * intensity
                px[i] = SIMD4(rgb.x * c.w, rgb.y * c.w, rgb.z * c.w, c.w)
            }
        })
}
