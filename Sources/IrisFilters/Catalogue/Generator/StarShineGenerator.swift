import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIStarShineGenerator: a glowing star with a cross of spikes, like a supernova or a lens flare.
    /// Apple does not publish the formula; Iris's, with d the offset from `inputCenter`, R = `inputRadius`:
    ///
    ///     core  = exp(−2·(|d| / R)²)                                   the round star
    ///     a, b  = d along and across the cross's first arm (rotated by `inputCrossAngle`)
    ///     arm   = exp(−(b / w)²) · max(1 − |a| / L, 0)^p  (and the same with a, b swapped for the second arm)
    ///             w = `inputCrossWidth`, L = `inputCrossScale` · R, p = 2^(−`inputEpsilon`) (so epsilon 0 gives
    ///             the longest-looking spikes, −8 the shortest)
    ///     I     = core + 2^`inputCrossOpacity` · (arm₁ + arm₂)
    ///     out   = mix(colour, white of the colour's alpha, core²) · min(I, 1)
    ///
    /// so the centre is white-hot, the shell and spikes take `inputColor`. Infinite extent.
    static let starShineGenerator = FilterDescriptor(
        name: "CIStarShineGenerator", displayName: "Star Shine", categories: GeneratorSupport.generatorCategories,
        summary: "Generates a starburst pattern that is similar to a supernova; can be used to simulate a lens flare.",
        inputs: [
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre of the star, x and y."),
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 0.8, 0.6, 1)),
                summary: "The colour of the star's shell and spikes."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(50), range: 0...Double.infinity, slider: 0...300,
                summary: "The radius of the round star, in pixels."),
            FilterInputDescriptor(
                "inputCrossScale", .scalar, default: .number(15), range: 0...Double.infinity, slider: 0...100,
                summary: "The length of the spikes, in star radii."),
            FilterInputDescriptor(
                "inputCrossAngle", .angle, default: .number(0.6), slider: -Double.pi...Double.pi,
                summary: "The angle of the cross, in radians."),
            FilterInputDescriptor(
                "inputCrossOpacity", .scalar, default: .number(-2), range: -8...0,
                summary: "The brightness of the spikes, as a power of two."),
            FilterInputDescriptor(
                "inputCrossWidth", .distance, default: .number(2.5), range: 0...Double.infinity, slider: 0...300,
                summary: "The thickness of the spikes, in pixels."),
            FilterInputDescriptor(
                "inputEpsilon", .scalar, default: .number(-2), range: -8...0,
                summary: "How far the spikes keep their brightness: 0 longest, −8 shortest.")
        ],
        build: { args throws(FilterError) in
            let radius = max(try args.number("inputRadius"), 1e-3)
            let angle = try args.number("inputCrossAngle")
            let length = max(try args.number("inputCrossScale") * radius, 1e-3)
            let parameters = SIMD4<Float>(
                Float(1 / radius), Float(1 / length), Float(1 / max(try args.number("inputCrossWidth"), 1e-3)),
                Float(pow2(-(try args.number("inputEpsilon")))))
            return Image.make(
                starShineKernel, [GeneratorSupport.colorImage(try args.color("inputColor"))],
                KernelArguments([
                    .vec2(GeneratorSupport.position(try args.vector("inputCenter"))),
                    .vec2(SIMD2(Float(Double.cos(angle)), Float(Double.sin(angle)))),
                    .vec4(parameters), .float(Float(pow2(try args.number("inputCrossOpacity"))))
                ]),
                extent: .infinite, label: "CIStarShineGenerator")
        })

    static func pow2(_ x: Double) -> Double { Double.exp2(x) }

    /// shape = (1/R, 1/L, 1/w, p); direction = (cos, sin) of the cross angle.
    static let starShineKernel = Kernel(
        color: "irisStarShine", inputCount: 1, usesDestCoord: true,
        parameters: [
            .init("center", "vec2"), .init("direction", "vec2"), .init("shape", "vec4"), .init("opacity", "float")
        ],
        glsl: """
            vec4 irisStarShine(vec4 s0, vec2 dc, vec2 center, vec2 direction, vec4 shape, float opacity) {
                vec2 d = dc - center;
                float core = exp(-2.0 * dot(d, d) * shape.x * shape.x);
                float a = dot(d, direction);
                float b = dot(d, vec2(-direction.y, direction.x));
                float arm1 = exp(-(b * shape.z) * (b * shape.z)) * pow(max(1.0 - abs(a) * shape.y, 0.0), shape.w);
                float arm2 = exp(-(a * shape.z) * (a * shape.z)) * pow(max(1.0 - abs(b) * shape.y, 0.0), shape.w);
                float intensity = min(core + opacity * (arm1 + arm2), 1.0);
                return (s0 + (vec4(s0.a) - s0) * core * core) * intensity;
            }
            """,
        cpu: { px, _, coords, args in
            let center = args.vec2(0), direction = args.vec2(1), shape = args.vec4(2), opacity = args.float(3)
            for i in 0..<min(px.count, coords.count) {
                let d = coords[i] - center
                let core = Float.exp(-2 * (d.x * d.x + d.y * d.y) * shape.x * shape.x)
                let a = d.x * direction.x + d.y * direction.y
                let b = -d.x * direction.y + d.y * direction.x
                let arm1 = Float.exp(-(b * shape.z) * (b * shape.z)) * Float.pow(max(1 - abs(a) * shape.y, 0), shape.w)
                let arm2 = Float.exp(-(a * shape.z) * (a * shape.z)) * Float.pow(max(1 - abs(b) * shape.y, 0), shape.w)
                let intensity = min(core + opacity * (arm1 + arm2), 1)
                let s = px[i]
                px[i] = (s + (SIMD4(repeating: s.w) - s) * (core * core)) * intensity
            }
        })
}
