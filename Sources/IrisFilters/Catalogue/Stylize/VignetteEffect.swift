import IrisCore

extension BuiltInFilters {
    /// CIVignetteEffect: darkens (negative intensity: lightens) the image outside a circle. With d the
    /// distance from `inputCenter`, r the `inputRadius` and f the `inputFalloff`, the shading ramps from
    /// r0 = r·(1 − f) to r: t = smoothstep over clamp((d − r0) / max(r − r0, 0.001), 0, 1), and
    /// out.rgb = s.rgb · (1 − intensity · t), alpha kept. Core Image does not publish its curve; this is
    /// Iris's. Core Image files it under CICategoryColorEffect, and so does Iris.
    static let vignetteEffect = FilterDescriptor(
        name: "CIVignetteEffect", displayName: "Vignette Effect",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.stillImage,
            FilterCategory.builtIn
        ],
        summary: "Modifies the brightness of an image around the periphery of a specified region.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre of the unshaded circle."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(150), range: 0...Double.infinity, slider: 0...2000,
                summary: "Where the shading reaches full strength, in pixels."),
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(1), range: -1...1,
                summary: "How much the outside darkens: 1 is black, negative lightens."),
            FilterInputDescriptor(
                "inputFalloff", .scalar, default: .number(0.5), range: 0...1,
                summary: "The width of the ramp, as a fraction of the radius.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), radius = try args.number("inputRadius")
            let intensity = try args.number("inputIntensity"), falloff = try args.number("inputFalloff")
            if intensity == 0 { return image }
            let inner = radius * (1 - falloff)
            return Image.make(
                vignetteEffectKernel, [image],
                KernelArguments([
                    .vec2(SIMD2(Float(center[0]), Float(center[1]))), .float(Float(inner)),
                    .float(Float(1 / max(radius - inner, 0.001))),
                    .float(Float(intensity))
                ]), extent: image.extent, label: "CIVignetteEffect")
        })

    static let vignetteEffectKernel = Kernel(
        color: "irisVignetteEffect", usesDestCoord: true,
        parameters: [
            .init("center", "vec2"), .init("inner", "float"), .init("inverseWidth", "float"),
            .init("intensity", "float")
        ],
        glsl: """
            vec4 irisVignetteEffect(vec4 s0, vec2 dc, vec2 center, float inner, float inverseWidth, float intensity) {
                float t = clamp((length(dc - center) - inner) * inverseWidth, 0.0, 1.0);
                return vec4(s0.rgb * (1.0 - intensity * t * t * (3.0 - 2.0 * t)), s0.a);
            }
            """,
        cpu: { px, _, coords, args in
            let center = args.vec2(0), inner = args.float(1), inverseWidth = args.float(2), intensity = args.float(3)
            for i in px.indices {
                let d = coords[i] - center
                let t = min(max(((d.x * d.x + d.y * d.y).squareRoot() - inner) * inverseWidth, 0), 1)
                let shade = 1 - intensity * t * t * (3 - 2 * t)
                px[i] = SIMD4(px[i].x * shade, px[i].y * shade, px[i].z * shade, px[i].w)
            }
        })
}
