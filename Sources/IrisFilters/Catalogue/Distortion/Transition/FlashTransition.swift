import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIFlashTransition: a starburst of `inputColor` flares from the centre and fades while the source
    /// cross-fades to the target. Flash strength F = sin(πt); at distance r (in half-diagonals of
    /// `inputExtent`) and angle a, striations σ = 1 + strength · (|cos 8a|^contrast − ½), glow =
    /// clamp(F · (1 − r / (maxRadius · σ · F)), 0, 1); the cross-fade runs as a smoothstep between 1 − threshold
    /// and threshold (Iris's model; Core Image's is not published).
    static let flashTransition = FilterDescriptor(
        name: "CIFlashTransition", displayName: "Flash", categories: DistortionSupport.transitionCategories,
        summary: "Transitions from one image to another by creating a flash.",
        inputs: [
            .image, DistortionSupport.targetImage, DistortionSupport.center(),
            DistortionSupport.extentInput("The rectangle whose half-diagonal is the flash's unit of size."),
            TransitionSupport.colorInput(SIMD4(1, 0.8, 0.6, 1), "The colour of the flash."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputMaxStriationRadius", .scalar, default: .number(2.58), range: 0...Double.infinity, slider: 0...10,
                summary: "The reach of the striations at the flash's peak, in half-diagonals."),
            FilterInputDescriptor(
                "inputStriationStrength", .scalar, default: .number(0.5), range: 0...Double.infinity, slider: 0...3,
                summary: "How much the striations vary the reach."),
            FilterInputDescriptor(
                "inputStriationContrast", .scalar, default: .number(1.375), range: 0...Double.infinity, slider: 0...5,
                summary: "How sharp the striations are."),
            FilterInputDescriptor(
                "inputFadeThreshold", .scalar, default: .number(0.85), range: 0...1,
                summary: "When the cross-fade to the target ends (it starts at 1 minus this).")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage")
            let v = try args.vector("inputExtent")
            guard v.count == 4 else {
                throw .invalidValue(
                    filter: "CIFlashTransition", key: "inputExtent", reason: "needs x, y, width, height")
            }
            let time = try args.number("inputTime"), fade = try args.number("inputFadeThreshold")
            let lo = min(fade, 1 - fade), hi = max(fade, 1 - fade)
            let x = hi > lo ? min(max((time - lo) / (hi - lo), 0), 1) : (time >= lo ? 1 : 0)
            let halfDiagonal = max((v[2] * v[2] + v[3] * v[3]).squareRoot() / 2, 1e-3)
            return Image.make(
                flashKernel, [a, b, try TransitionSupport.color(args, "inputColor")],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")), DistortionSupport.float(halfDiagonal),
                    DistortionSupport.float(Double.sin(Double.pi * time)), DistortionSupport.float(x * x * (3 - 2 * x)),
                    DistortionSupport.float(try args.number("inputMaxStriationRadius")),
                    DistortionSupport.float(try args.number("inputStriationStrength")),
                    DistortionSupport.float(try args.number("inputStriationContrast"))
                ]),
                extent: TransitionSupport.extent(a, b), label: "CIFlashTransition")
        })

    static let flashKernel = Kernel(
        color: "irisFlashTransition", inputCount: 3, usesDestCoord: true,
        parameters: [
            .init("center", "vec2"), .init("halfDiagonal", "float"), .init("flash", "float"),
            .init("crossFade", "float"),
            .init("maxRadius", "float"), .init("strength", "float"), .init("contrast", "float")
        ],
        glsl: """
            vec4 irisFlashTransition(vec4 s0, vec4 s1, vec4 s2, vec2 dc, vec2 center, float halfDiagonal, float flash, float crossFade,
                                     float maxRadius, float strength, float contrast) {
                vec2 d = dc - center;
                float r = length(d) / halfDiagonal;
                float a = atan(d.y, d.x);
                float striation = 1.0 + strength * (pow(max(abs(cos(8.0 * a)), 1e-6), contrast) - 0.5);
                float glow = clamp(flash * (1.0 - r / max(maxRadius * striation * flash, 1e-4)), 0.0, 1.0);
                return mix(mix(s0, s1, crossFade), s2, glow);
            }
            """,
        cpu: { px, others, coords, args in
            let center = args.vec2(0), halfDiagonal = args.float(1), flash = args.float(2), crossFade = args.float(3)
            let maxRadius = args.float(4), strength = args.float(5), contrast = args.float(6)
            for i in px.indices {
                let d = coords[i] - center
                let r = glslLength(d) / halfDiagonal
                let a = Float.atan2(y: d.y, x: d.x)
                let striation = 1 + strength * (Float.pow(max(abs(Float.cos(8 * a)), 1e-6), contrast) - 0.5)
                let glow = glslClamp(flash * (1 - r / max(maxRadius * striation * flash, 1e-4)), 0, 1)
                px[i] = glslMix(glslMix(px[i], others[0][i], crossFade), others[1][i], glow)
            }
        })
}
