import IrisCore

extension BuiltInFilters {
    /// CISwipeTransition: a soft edge `inputWidth` wide sweeps across `inputExtent` in the direction
    /// `inputAngle`; behind it is the target, ahead the source, and across it the two blend linearly, tinted
    /// towards `inputColor` by `inputOpacity` at the edge's middle. At time 0 the edge lies just before the
    /// extent, at 1 just past it.
    static let swipeTransition = FilterDescriptor(
        name: "CISwipeTransition", displayName: "Swipe", categories: DistortionSupport.transitionCategories,
        summary: "Transitions from one image to another by simulating a swiping action.",
        inputs: [
            .image, DistortionSupport.targetImage, DistortionSupport.extentInput("The rectangle the swipe crosses."),
            TransitionSupport.colorInput(SIMD4(1, 1, 1, 1), "The tint of the swipe's edge."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The direction of the swipe, in radians."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(300), range: 0.1...Double.infinity, slider: 0.1...1000,
                summary: "The width of the swipe's edge, in pixels."),
            FilterInputDescriptor(
                "inputOpacity", .scalar, default: .number(0), range: 0...Double.infinity, slider: 0...1,
                summary: "How strongly the edge is tinted.")
        ],
        build: { args throws(FilterError) in try sweep(args, mode: 0, filter: "CISwipeTransition") })

    /// The sweep shared by the swipe and the copy machine: mode 0 blends across the edge, mode 1 switches at
    /// its leading side.
    static func sweep(_ args: FilterArguments, mode: Float, filter: String) throws(FilterError) -> Image {
        let a = try args.image("inputImage"), b = try args.image("inputTargetImage")
        let v = try args.vector("inputExtent")
        guard v.count == 4 else {
            throw .invalidValue(filter: filter, key: "inputExtent", reason: "needs x, y, width, height")
        }
        let angle = try args.number("inputAngle")
        let direction = SIMD2(_cos(angle), _sin(angle))
        return Image.make(
            sweepKernel, [a, b, try TransitionSupport.color(args, "inputColor")],
            KernelArguments([
                .vec2(SIMD2(Float(direction.x), Float(direction.y))),
                .vec2(TransitionSupport.range(of: DistortionSupport.rect(v), along: direction)),
                DistortionSupport.float(max(try args.number("inputWidth"), 0.1)),
                DistortionSupport.float(try args.number("inputOpacity")),
                DistortionSupport.float(try args.number("inputTime")), .float(mode)
            ]),
            extent: TransitionSupport.extent(a, b), label: filter)
    }

    static let sweepKernel = Kernel(
        color: "irisSweepTransition", inputCount: 3, usesDestCoord: true,
        parameters: [
            .init("direction", "vec2"), .init("range", "vec2"), .init("width", "float"), .init("opacity", "float"),
            .init("time", "float"), .init("mode", "float")
        ],
        glsl: """
            vec4 irisSweepTransition(vec4 s0, vec4 s1, vec4 s2, vec2 dc, vec2 direction, vec2 range, float width, float opacity, float time, float mode) {
                float s = dot(dc, direction);
                float front = mix(range.x - width, range.y, time);
                float f = clamp((s - front) / width, 0.0, 1.0);
                float glow = clamp(opacity * (1.0 - abs(2.0 * f - 1.0)), 0.0, 1.0);
                vec4 base = mode < 0.5 ? mix(s1, s0, f) : (f >= 1.0 ? s0 : s1);
                return mix(base, s2, glow);
            }
            """,
        cpu: { px, others, coords, args in
            let direction = args.vec2(0), range = args.vec2(1), width = args.float(2), opacity = args.float(3)
            let time = args.float(4), mode = args.float(5)
            let front = range.x - width + (range.y - (range.x - width)) * time
            for i in px.indices {
                let f = glslClamp((glslDot(coords[i], direction) - front) / width, 0, 1)
                let glow = glslClamp(opacity * (1 - abs(2 * f - 1)), 0, 1)
                let base = mode < 0.5 ? glslMix(others[0][i], px[i], f) : (f >= 1 ? px[i] : others[0][i])
                px[i] = glslMix(base, others[1][i], glow)
            }
        })
}
