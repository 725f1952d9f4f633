import IrisCore

extension BuiltInFilters {
    /// CIBarsSwipeTransition: bars `inputWidth` wide, running along `inputAngle`, wipe from source to target
    /// along that direction; odd bars trail the even ones by `inputBarOffset` pixels. The sweep starts just
    /// before and ends just past both images' extent.
    static let barsSwipeTransition = FilterDescriptor(
        name: "CIBarsSwipeTransition", displayName: "Bars Swipe", categories: DistortionSupport.transitionCategories,
        summary: "Transitions from one image to another by passing a bar over the source image.",
        inputs: [
            .image, DistortionSupport.targetImage,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(Double.pi), slider: 0...2 * Double.pi,
                summary: "The direction of the swipe, in radians."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(30), range: 2...Double.infinity, slider: 2...300,
                summary: "The width of each bar, in pixels."),
            FilterInputDescriptor(
                "inputBarOffset", .scalar, default: .number(10), range: 1...Double.infinity, slider: 1...100,
                summary: "How far odd bars trail even ones, in pixels."),
            DistortionSupport.time
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage")
            let angle = try args.number("inputAngle")
            let direction = SIMD2(_cos(angle), _sin(angle))
            let extent = TransitionSupport.extent(a, b)
            return Image.make(
                barsSwipeKernel, [a, b],
                KernelArguments([
                    .vec2(SIMD2(Float(direction.x), Float(direction.y))),
                    .vec2(TransitionSupport.range(of: extent, along: direction)),
                    DistortionSupport.float(try args.number("inputWidth")),
                    DistortionSupport.float(try args.number("inputBarOffset")),
                    DistortionSupport.float(try args.number("inputTime"))
                ]), extent: extent, label: "CIBarsSwipeTransition")
        })

    static let barsSwipeKernel = Kernel(
        color: "irisBarsSwipe", inputCount: 2, usesDestCoord: true,
        parameters: [
            .init("direction", "vec2"), .init("range", "vec2"), .init("width", "float"), .init("offset", "float"),
            .init("time", "float")
        ],
        glsl: """
            vec4 irisBarsSwipe(vec4 s0, vec4 s1, vec2 dc, vec2 direction, vec2 range, float width, float offset, float time) {
                float bar = floor(dot(dc, vec2(-direction.y, direction.x)) / width);
                float front = range.x + time * (range.y - range.x + offset) - mod(bar, 2.0) * offset;
                return dot(dc, direction) < front ? s1 : s0;
            }
            """,
        cpu: { px, others, coords, args in
            let d = args.vec2(0), range = args.vec2(1), width = args.float(2), offset = args.float(3),
                time = args.float(4)
            for i in px.indices {
                let bar = (glslDot(coords[i], SIMD2(-d.y, d.x)) / width).rounded(.down)
                let front = range.x + time * (range.y - range.x + offset) - glslMod(bar, 2) * offset
                if glslDot(coords[i], d) < front { px[i] = others[0][i] }
            }
        })
}
