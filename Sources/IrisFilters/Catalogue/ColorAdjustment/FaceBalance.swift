import IrisCore
import Foundation

extension BuiltInFilters {
    /// CIFaceBalance: turns the faces' measured skin colour towards a natural skin hue. Core Image's inputs and
    /// defaults; its method is not public. Iris's: (inputOrigI, inputOrigQ) = m is the faces' mean skin
    /// colour as I and Q of YIQ (NTSC 1953) on perceptual (gamma 2) RGB, p = √c. Natural skin lies along
    /// θ0 = atan2(0.0291, 0.103905) ≈ 15.64°, the hue of Core Image's default inputs, so the defaults are
    /// the identity. The target keeps the skin's saturation |m| and takes the hue
    /// θt = θ0 − (warmth − 0.5) · 20° (warmth above ½ turns towards +I, orange-red):
    /// t = |m|·(cos θt, sin θt).
    /// Each pixel's I and Q move by w(Y) · strength · (t − m), with w(Y) = clamp(4Y(1 − Y), 0, 1) on its
    /// YIQ luma Y: full in the mid-tones, nothing at black and white. Since Y is unchanged and YIQ is linear,
    /// that is p' = p + w(Y) · d with d = YIQ⁻¹ · (0, Δ I, Δ Q); out = p'·|p'| (no clamp), alpha kept.
    static let faceBalance = FilterDescriptor(
        name: "CIFaceBalance", displayName: "Face Balance",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage,
            FilterCategory.builtIn
        ],
        summary: "Adjusts the skin tones of faces: moves the measured skin colour (I, Q) towards a natural "
            + "skin tone.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputOrigI", .scalar, default: .number(YIQ.naturalSkin.i), range: -0.5957...0.5957,
                summary: "The faces' measured skin colour: I (orange–blue) of YIQ, perceptual."),
            FilterInputDescriptor(
                "inputOrigQ", .scalar, default: .number(YIQ.naturalSkin.q), range: -0.5226...0.5226,
                summary: "The faces' measured skin colour: Q (purple–green) of YIQ, perceptual."),
            FilterInputDescriptor(
                "inputStrength", .scalar, default: .number(0.5), range: 0...1,
                summary: "How far the skin moves towards the target: 0 not at all, 1 all the way."),
            FilterInputDescriptor(
                "inputWarmth", .scalar, default: .number(0.5), range: 0...1,
                summary: "The target hue: 0.5 natural skin, higher warmer (orange-red), "
                    + "lower cooler.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let shift = faceBalanceShift(
                origI: try args.number("inputOrigI"), origQ: try args.number("inputOrigQ"),
                strength: try args.number("inputStrength"),
                warmth: try args.number("inputWarmth"))
            guard let shift else { return image }
            let d = YIQ.rgb(SIMD3(0, shift.x, shift.y))
            let delta = KernelValue.vec3(SIMD3(Float(d.x), Float(d.y), Float(d.z)))
            return Image.make(
                faceBalanceKernel, [image], KernelArguments([delta]), extent: image.extent,
                label: "CIFaceBalance")
        })

    /// The natural skin hue: that of Core Image's default inputOrigI and inputOrigQ.
    static let naturalSkinHue = YIQ.naturalSkinHue

    /// strength · (t − m) in (I, Q), or nil where the filter is the identity (no strength, no measured
    /// colour, or the colour already at the target hue).
    static func faceBalanceShift(origI: Double, origQ: Double, strength: Double, warmth: Double) -> SIMD2<Double>? {
        let m = SIMD2(origI, origQ), saturation = (origI * origI + origQ * origQ).squareRoot()
        guard strength != 0, saturation >= 1e-6 else { return nil }
        // The target is computed only when its hue differs from m's: cos/sin of m's own angle would give m
        // back only up to rounding, and the defaults must be exactly the identity.
        let hue = naturalSkinHue - (warmth - 0.5) * (20 * Double.pi / 180)
        if hue == atan2(origQ, origI) { return nil }
        let t = SIMD2(cos(hue), sin(hue)) * saturation
        if t == m { return nil }
        return (t - m) * strength
    }

    static let faceBalanceKernel = Kernel(color: "irisFaceBalance") { s0, parameters in
        let delta = parameters.vec3("delta")
        let c = s0.unpremultiplied
        let perceptual = c.rgb.sign * c.rgb.magnitude.squareRoot
        let y = perceptual.dot(Formula(YIQ.lumaWeights))
        let weight = (4 * y * (1 - y)).clamped(0, 1)
        let moved = perceptual + weight * delta
        return vec4(moved * moved.magnitude, c.a).premultiplied
    }
}
