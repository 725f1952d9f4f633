import IrisCore

extension BuiltInFilters {
    /// CIDissolveTransition: a cross-fade of premultiplied colour, (1 − t) · source + t · target.
    static let dissolveTransition = FilterDescriptor(
        name: "CIDissolveTransition", displayName: "Dissolve", categories: DistortionSupport.transitionCategories,
        summary: "Uses a dissolve to transition from one image to another.",
        inputs: [.image, DistortionSupport.targetImage, DistortionSupport.time],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage")
            return Image.make(
                dissolveKernel, [a, b], KernelArguments([DistortionSupport.float(try args.number("inputTime"))]),
                extent: TransitionSupport.extent(a, b), label: "CIDissolveTransition")
        })

    static let dissolveKernel = Kernel(
        color: "irisDissolve", inputCount: 2, parameters: [.init("time", "float")],
        glsl: """
            vec4 irisDissolve(vec4 s0, vec4 s1, float time) { return mix(s0, s1, time); }
            """,
        cpu: { px, others, _, args in
            let t = args.float(0)
            for i in px.indices { px[i] = glslMix(px[i], others[0][i], t) }
        })
}
