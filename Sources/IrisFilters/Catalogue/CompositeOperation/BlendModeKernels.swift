import IrisCore

/// The shared maths of Core Image's blend modes and Porter-Duff compositing operators: each filter of the
/// family gives only its own formula (GLSL and Swift), and these generators wrap it in the one compositing
/// rule. `s0` / `s` is the source (`inputImage`), `s1` / `b` the backdrop (`inputBackgroundImage`), both
/// premultiplied, linear working-space colour.
///
/// The blend modes follow W3C Compositing and Blending Level 1 (§ 5.7 and § 10), which Core Image follows:
///
///     cs = s.rgb / s.a,  cb = b.rgb / b.a          (straight colour, clamped to 0…1; 0 where alpha is 0)
///     co = s.rgb · (1 − b.a) + b.rgb · (1 − s.a) + s.a · b.a · B(cb, cs)
///     ao = s.a + b.a − s.a · b.a
///
/// `B` is the mode's blending function: per channel for the separable modes, on the whole colour for the
/// non-separable ones (hue, saturation, color, luminosity). The compositing is source-over, so where only
/// one image is defined it shows unchanged.
enum BlendModeKernels {
    /// A separable blend mode: `channelGLSL` is the body of `float f(float cb, float cs)` (it must `return`),
    /// and `channel` is the same function in Swift. The GLSL helper is named after the kernel, so two modes
    /// can live in one shader.
    static func separable(
        _ name: String, channelGLSL: String,
        channel: @escaping @Sendable (_ cb: Float, _ cs: Float) -> Float
    ) -> Kernel {
        blend(
            name,
            helpers: """
                float \(name)Channel(float cb, float cs) {
                    \(channelGLSL)
                }
                """,
            blendGLSL: "vec3(\(name)Channel(cb.r, cs.r), \(name)Channel(cb.g, cs.g), \(name)Channel(cb.b, cs.b))",
            blend: { cb, cs in SIMD3(channel(cb.x, cs.x), channel(cb.y, cs.y), channel(cb.z, cs.z)) })
    }

    /// A blend mode on whole colours: `helpers` are GLSL functions the expression `blendGLSL` may call (name
    /// them after the kernel), `blendGLSL` reads `vec3 cb, cs` and gives `B(cb, cs)`; `blend` is the same in Swift.
    static func blend(
        _ name: String, helpers: String, blendGLSL: String,
        blend: @escaping @Sendable (_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float>
    ) -> Kernel {
        Kernel(
            color: name, inputCount: 2, parameters: [],
            glsl: """
                \(helpers)
                vec4 \(name)(vec4 s0, vec4 s1) {
                    vec3 cs = s0.a > 0.0 ? clamp(s0.rgb / s0.a, 0.0, 1.0) : vec3(0.0);
                    vec3 cb = s1.a > 0.0 ? clamp(s1.rgb / s1.a, 0.0, 1.0) : vec3(0.0);
                    vec3 mixed = \(blendGLSL);
                    return vec4(s0.rgb * (1.0 - s1.a) + s1.rgb * (1.0 - s0.a) + s0.a * s1.a * mixed, s0.a + s1.a - s0.a * s1.a);
                }
                """,
            cpu: { px, others, _, _ in
                let bg = others[0]
                for i in 0..<min(px.count, bg.count) {
                    let s = px[i], b = bg[i]
                    let cs = straightUnit(s), cb = straightUnit(b)
                    let mixed = blend(cb, cs)
                    let rgb = SIMD3(s.x, s.y, s.z) * (1 - b.w) + SIMD3(b.x, b.y, b.z) * (1 - s.w) + s.w * b.w * mixed
                    px[i] = SIMD4(rgb.x, rgb.y, rgb.z, s.w + b.w - s.w * b.w)
                }
            })
    }

    /// A Porter-Duff style operator on premultiplied colours: `glsl` is an expression of `vec4 s0, s1`,
    /// `cpu` the same in Swift.
    static func premultipliedOperator(
        _ name: String, glsl: String,
        cpu: @escaping @Sendable (_ s: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float>
    ) -> Kernel {
        Kernel(
            color: name, inputCount: 2, parameters: [],
            glsl: """
                vec4 \(name)(vec4 s0, vec4 s1) { return \(glsl); }
                """,
            cpu: { px, others, _, _ in
                let bg = others[0]
                for i in 0..<min(px.count, bg.count) { px[i] = cpu(px[i], bg[i]) }
            })
    }

    /// Straight colour in 0…1 from premultiplied (0 where alpha is 0), as the GLSL wrapper computes it.
    @inline(__always)
    static func straightUnit(_ c: SIMD4<Float>) -> SIMD3<Float> {
        guard c.w > 0 else { return .zero }
        let v = SIMD3(c.x, c.y, c.z) / c.w
        return unitClamped(v)
    }

    @inline(__always)
    static func unitClamped(_ v: SIMD3<Float>) -> SIMD3<Float> {
        v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
    }
}

extension BuiltInFilters {
    /// A compositing filter of `inputImage` and `inputBackgroundImage` through `kernel`; its extent is the
    /// union of both, as CISourceOverCompositing's.
    static func compositingFilter(_ name: String, _ displayName: String, summary: String, kernel: Kernel)
        -> FilterDescriptor
    {
        FilterDescriptor(
            name: name, displayName: displayName,
            categories: [
                FilterCategory.compositeOperation, FilterCategory.video, FilterCategory.stillImage,
                FilterCategory.interlaced, FilterCategory.nonSquarePixels, FilterCategory.builtIn
            ],
            summary: summary,
            inputs: [
                .image,
                FilterInputDescriptor(
                    "inputBackgroundImage", .image, summary: "The backdrop the input image is composited with.")
            ],
            build: { args throws(FilterError) in
                let image = try args.image("inputImage"), background = try args.image("inputBackgroundImage")
                return Image.make(
                    kernel, [image, background], KernelArguments([]),
                    extent: image.extent.union(background.extent), label: name)
            })
    }
}
