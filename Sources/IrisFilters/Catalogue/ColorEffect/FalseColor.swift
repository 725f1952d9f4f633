import IrisCore

extension BuiltInFilters {
    /// CIFalseColor: maps luma to a ramp between two colours. Iris interpolates in perceptual (gamma 2)
    /// space: t = √luma (Rec.709, clamped 0…1), out = mix(√color0, √color1, t)²; alpha is the input's.
    static let falseColor = FilterDescriptor(
        name: "CIFalseColor", displayName: "False Color",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Maps luminance to a color ramp of two colors.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputColor0", .color, default: .color(SIMD4(0.3, 0, 0, 1)), summary: "The colour of black (sRGB)."),
            FilterInputDescriptor(
                "inputColor1", .color, default: .color(SIMD4(1, 0.9, 0.8, 1)), summary: "The colour of white (sRGB).")
        ],
        build: { args throws(FilterError) in
            let c0 = ColorFilterSupport.perceptual(ColorFilterSupport.linearRGB(try args.color("inputColor0")))
            let c1 = ColorFilterSupport.perceptual(ColorFilterSupport.linearRGB(try args.color("inputColor1")))
            let image = try args.image("inputImage")
            return Image.make(
                falseColorKernel, [image], KernelArguments([.vec3(c0), .vec3(c1)]), extent: image.extent,
                label: "CIFalseColor")
        })

    static let falseColorKernel = Kernel(
        color: "irisFalseColor", parameters: [.init("color0", "vec3"), .init("color1", "vec3")],
        glsl: """
            vec4 irisFalseColor(vec4 s0, vec3 color0, vec3 color1) {
                vec4 c = iris_unpremultiply(s0);
                float t = sqrt(clamp(dot(c.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0));
                vec3 q = mix(color0, color1, t);
                return vec4(q * q * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let c0 = args.vec3(0), c1 = args.vec3(1)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let t = min(max(WorkingSpaceLuma.luma(c), 0), 1).squareRoot()
                let q = c0 + (c1 - c0) * t
                px[i] = SIMD4(q.x * q.x * c.w, q.y * q.y * c.w, q.z * q.z * c.w, c.w)
            }
        })
}
