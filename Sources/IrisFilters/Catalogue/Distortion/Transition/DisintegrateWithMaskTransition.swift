import IrisCore

extension BuiltInFilters {
    /// CIDisintegrateWithMaskTransition: the target shows where the mask's luma (Rec. 709, working space)
    /// is below the time, so dark parts of the mask go first (at time 1, everything); the edge is softened over
    /// 0.05 of luma, reveal = clamp((1.05 t − luma) / 0.05, 0, 1) (0 everywhere at time 0, 1 at time 1), so the
    /// renderers' rounding of the luma moves a pixel's mix a little instead of flipping it. The source that
    /// remains casts a shadow on the target, offset by `inputShadowOffset`: a revealed pixel's colour (not its alpha)
    /// darkens by
    /// density · clamp((luma at p − offset − t) · radius, 0, 1) (the radius is
    /// Iris's shadow sharpness; Core Image's blur of the shadow is not published).
    static let disintegrateWithMaskTransition = FilterDescriptor(
        name: "CIDisintegrateWithMaskTransition", displayName: "Disintegrate with Mask",
        categories: DistortionSupport.transitionCategories,
        summary: "Transitions from one image to another using the shape defined by a mask.",
        inputs: [
            .image, DistortionSupport.targetImage,
            FilterInputDescriptor("inputMaskImage", .image, summary: "Its luma orders the reveal: dark first."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputShadowRadius", .distance, default: .number(8), range: 0...Double.infinity, slider: 0...50,
                summary: "How sharply the shadow grows from the edge of the remaining source."),
            FilterInputDescriptor(
                "inputShadowDensity", .scalar, default: .number(0.65), range: 0...1,
                summary: "How dark the shadow is."),
            FilterInputDescriptor(
                "inputShadowOffset", .offset, default: .vector([0, -10]),
                summary: "Where the shadow falls relative to the source, in pixels.")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage"),
                mask = try args.image("inputMaskImage")
            return Image.make(
                disintegrateKernel, [a, b, mask],
                KernelArguments([
                    DistortionSupport.float(try args.number("inputTime")),
                    DistortionSupport.float(try args.number("inputShadowRadius")),
                    DistortionSupport.float(try args.number("inputShadowDensity")),
                    DistortionSupport.vec2(try args.vector("inputShadowOffset"))
                ]),
                extent: TransitionSupport.extent(a, b), label: "CIDisintegrateWithMaskTransition")
        })

    static let disintegrateKernel = Kernel(
        general: "irisDisintegrateWithMask", inputCount: 3,
        parameters: [
            .init("time", "float"), .init("radius", "float"), .init("density", "float"), .init("offset", "vec2")
        ],
        glsl: """
            vec4 irisDisintegrateWithMask(vec2 dc, float time, float radius, float density, vec2 offset) {
                vec3 w = vec3(0.2126, 0.7152, 0.0722);
                float m = dot(sample2(dc).rgb, w);
                float reveal = time >= 1.0 ? 1.0 : clamp((1.05 * time - m) * 20.0, 0.0, 1.0);
                float caster = dot(sample2(dc - offset).rgb, w);
                float shadow = time < 1.0 ? density * clamp((caster - time) * radius, 0.0, 1.0) : 0.0;
                vec4 c = sample1(dc);
                return mix(sample0(dc), vec4(c.rgb * (1.0 - shadow), c.a), reveal);
            }
            """,
        cpu: { coords, sample, args in
            let time = args.float(0), radius = args.float(1), density = args.float(2), offset = args.vec2(3)
            func luma(_ c: SIMD4<Float>) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }
            let mask = sample(2, coords), caster = sample(2, coords.map { $0 - offset })
            let source = sample(0, coords), target = sample(1, coords)
            return coords.indices.map { i in
                let m = luma(mask[i])
                let reveal: Float = time >= 1 ? 1 : glslClamp((1.05 * time - m) * 20, 0, 1)
                let c = luma(caster[i])
                let shadow = time < 1 ? density * glslClamp((c - time) * radius, 0, 1) : 0
                let t = target[i]
                return glslMix(
                    source[i], SIMD4(t.x * (1 - shadow), t.y * (1 - shadow), t.z * (1 - shadow), t.w), reveal)
            }
        },
        roi: { index, rect, args in
            if index < 2 || rect.isInfinite { return rect }
            let o = args.vec2(3)
            let m = Double(max(abs(o.x), abs(o.y)))
            return rect.insetBy(dx: -m - 1, dy: -m - 1)
        })
}
