import IrisCore

/// Core Image's separable blend modes: each is its per-channel blending function B(cb, cs) of straight
/// backdrop and source colour in 0…1, composited by `BlendModeKernels` (W3C Compositing and Blending Level 1):
/// out = s·(1 − b.a) + b·(1 − s.a) + s.a·b.a·B. The W3C functions are quoted in each doc comment; the modes
/// W3C does not define (subtract, divide, linear burn/dodge/light, pin/vivid light, hard mix) use the usual
/// Photoshop definitions, clamped to 0…1, which Apple's one-line descriptions match (except subtract, which
/// Apple describes the other way round and Iris follows Apple).
///
/// The W3C tests `cb == 0`, `cs == 1` … are made with a tolerance of 1e-5: the two renderers may compute a
/// colour one float step apart (0.99999994 against 1), and an exact test would send them down different
/// branches with results a whole step apart. No 8-bit input lies within 1e-5 of 0 or 1 without being it.
enum SeparableBlend {
    static let tolerance: Float = 1e-5
    /// The same in GLSL source.
    static let glslTolerance = "1e-5"

    // Swift bodies of the shared W3C functions, for the modes that are built from others.
    @inline(__always) static func multiply(_ cb: Float, _ cs: Float) -> Float { cb * cs }
    @inline(__always) static func screen(_ cb: Float, _ cs: Float) -> Float { cb + cs - cb * cs }
    @inline(__always) static func hardLight(_ cb: Float, _ cs: Float) -> Float {
        cs <= 0.5 ? multiply(cb, 2 * cs) : screen(cb, 2 * cs - 1)
    }
    @inline(__always) static func colorDodge(_ cb: Float, _ cs: Float) -> Float {
        if cb <= tolerance { return 0 }
        if cs >= 1 - tolerance { return 1 }
        return min(1, cb / (1 - cs))
    }
    @inline(__always) static func colorBurn(_ cb: Float, _ cs: Float) -> Float {
        if cb >= 1 - tolerance { return 1 }
        if cs <= tolerance { return 0 }
        return 1 - min(1, (1 - cb) / cs)
    }

    /// GLSL for the colour dodge and burn of `cb`, `cs` (expressions), as ternaries, shared by the dodge,
    /// burn and vivid light modes.
    static func colorDodgeGLSL(_ cb: String, _ cs: String) -> String {
        "(\(cb) <= \(glslTolerance) ? 0.0 : (\(cs) >= 1.0 - \(glslTolerance) ? 1.0 : min(1.0, \(cb) / (1.0 - \(cs)))))"
    }
    static func colorBurnGLSL(_ cb: String, _ cs: String) -> String {
        "(\(cb) >= 1.0 - \(glslTolerance) ? 1.0 : (\(cs) <= \(glslTolerance) ? 0.0 : 1.0 - min(1.0, (1.0 - \(cb)) / \(cs))))"
    }
}

extension BuiltInFilters {
    /// CIMultiplyBlendMode: B = cb · cs.
    static let multiplyBlendMode = compositingFilter(
        "CIMultiplyBlendMode", "Multiply Blend Mode",
        summary: "Multiplies the input image samples with the background image samples.",
        kernel: BlendModeKernels.separable(
            "irisMultiplyBlendMode", channelGLSL: "return cb * cs;",
            channel: SeparableBlend.multiply))

    /// CIScreenBlendMode: B = cb + cs − cb · cs.
    static let screenBlendMode = compositingFilter(
        "CIScreenBlendMode", "Screen Blend Mode",
        summary: "Multiplies the inverse of the input image samples with the inverse of the background image samples.",
        kernel: BlendModeKernels.separable(
            "irisScreenBlendMode", channelGLSL: "return cb + cs - cb * cs;",
            channel: SeparableBlend.screen))

    /// CIOverlayBlendMode: B = HardLight(cs, cb): cb ≤ ½ ? cs · 2cb : Screen(cs, 2cb − 1).
    static let overlayBlendMode = compositingFilter(
        "CIOverlayBlendMode", "Overlay Blend Mode",
        summary:
            "Multiplies or screens the input image samples with the background image samples, depending on the background color.",
        kernel: BlendModeKernels.separable(
            "irisOverlayBlendMode",
            channelGLSL: """
                if (cb <= 0.5) return cs * 2.0 * cb;
                float d = 2.0 * cb - 1.0;
                return cs + d - cs * d;
                """, channel: { cb, cs in SeparableBlend.hardLight(cs, cb) }))

    /// CIDarkenBlendMode: B = min(cb, cs).
    static let darkenBlendMode = compositingFilter(
        "CIDarkenBlendMode", "Darken Blend Mode",
        summary:
            "Creates composite image samples by choosing the darker samples (from either the source image or the background).",
        kernel: BlendModeKernels.separable(
            "irisDarkenBlendMode", channelGLSL: "return min(cb, cs);", channel: { cb, cs in min(cb, cs) }))

    /// CILightenBlendMode: B = max(cb, cs).
    static let lightenBlendMode = compositingFilter(
        "CILightenBlendMode", "Lighten Blend Mode",
        summary:
            "Creates composite image samples by choosing the lighter samples (either from the source image or the background).",
        kernel: BlendModeKernels.separable(
            "irisLightenBlendMode", channelGLSL: "return max(cb, cs);", channel: { cb, cs in max(cb, cs) }))

    /// CIColorDodgeBlendMode: B = cb = 0 ? 0 : cs = 1 ? 1 : min(1, cb / (1 − cs)).
    static let colorDodgeBlendMode = compositingFilter(
        "CIColorDodgeBlendMode", "Color Dodge Blend Mode",
        summary: "Brightens the background image samples to reflect the source image samples.",
        kernel: BlendModeKernels.separable(
            "irisColorDodgeBlendMode", channelGLSL: "return \(SeparableBlend.colorDodgeGLSL("cb", "cs"));",
            channel: SeparableBlend.colorDodge))

    /// CIColorBurnBlendMode: B = cb = 1 ? 1 : cs = 0 ? 0 : 1 − min(1, (1 − cb) / cs).
    static let colorBurnBlendMode = compositingFilter(
        "CIColorBurnBlendMode", "Color Burn Blend Mode",
        summary: "Darkens the background image samples to reflect the source image samples.",
        kernel: BlendModeKernels.separable(
            "irisColorBurnBlendMode", channelGLSL: "return \(SeparableBlend.colorBurnGLSL("cb", "cs"));",
            channel: SeparableBlend.colorBurn))

    /// CIHardLightBlendMode: B = cs ≤ ½ ? cb · 2cs : Screen(cb, 2cs − 1).
    static let hardLightBlendMode = compositingFilter(
        "CIHardLightBlendMode", "Hard Light Blend Mode",
        summary: "Either multiplies or screens colors, depending on the source image sample color.",
        kernel: BlendModeKernels.separable(
            "irisHardLightBlendMode",
            channelGLSL: """
                if (cs <= 0.5) return cb * 2.0 * cs;
                float d = 2.0 * cs - 1.0;
                return cb + d - cb * d;
                """, channel: SeparableBlend.hardLight))

    /// CISoftLightBlendMode (W3C): cs ≤ ½ ? cb − (1 − 2cs)·cb·(1 − cb) : cb + (2cs − 1)·(D(cb) − cb), with
    /// D(cb) = cb ≤ ¼ ? ((16cb − 12)·cb + 4)·cb : √cb.
    static let softLightBlendMode = compositingFilter(
        "CISoftLightBlendMode", "Soft Light Blend Mode",
        summary: "Either darkens or lightens colors, depending on the source image sample color.",
        kernel: BlendModeKernels.separable(
            "irisSoftLightBlendMode",
            channelGLSL: """
                if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
                float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
                return cb + (2.0 * cs - 1.0) * (d - cb);
                """,
            channel: { cb, cs in
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (d - cb)
            }))

    /// CIDifferenceBlendMode: B = |cb − cs|.
    static let differenceBlendMode = compositingFilter(
        "CIDifferenceBlendMode", "Difference Blend Mode",
        summary:
            "Subtracts either the source image sample color from the background image sample color, or the reverse, "
            + "depending on which sample has the greater brightness value.",
        kernel: BlendModeKernels.separable(
            "irisDifferenceBlendMode", channelGLSL: "return abs(cb - cs);", channel: { cb, cs in abs(cb - cs) }))

    /// CIExclusionBlendMode: B = cb + cs − 2·cb·cs.
    static let exclusionBlendMode = compositingFilter(
        "CIExclusionBlendMode", "Exclusion Blend Mode",
        summary: "Produces an effect similar to that produced by the difference blend mode, but with lower contrast.",
        kernel: BlendModeKernels.separable(
            "irisExclusionBlendMode", channelGLSL: "return cb + cs - 2.0 * cb * cs;",
            channel: { cb, cs in cb + cs - 2 * cb * cs }))

    /// CISubtractBlendMode: B = max(cs − cb, 0): the background is taken from the source, as Apple's reference
    /// says ("subtracts the background image sample color from the source image sample color"; the same for
    /// CIBlendKernel.subtract). Photoshop's Subtract runs the other way; W3C has no such mode.
    static let subtractBlendMode = compositingFilter(
        "CISubtractBlendMode", "Subtract Blend Mode",
        summary: "Subtracts the background image sample color from the source image sample color.",
        kernel: BlendModeKernels.separable(
            "irisSubtractBlendMode", channelGLSL: "return max(cs - cb, 0.0);",
            channel: { cb, cs in max(cs - cb, 0) }))

    /// CIDivideBlendMode: B = min(cb / cs, 1), with 0 / anything = 0 and anything else / 0 = 1: the background
    /// divided by the source, as Apple's reference for CIBlendKernel.divide says ("divides the background
    /// image sample color with the foreground image sample color"; Photoshop's Divide too; not in W3C).
    static let divideBlendMode = compositingFilter(
        "CIDivideBlendMode", "Divide Blend Mode",
        summary: "Divides the background image sample color by the source image sample color.",
        kernel: BlendModeKernels.separable(
            "irisDivideBlendMode",
            channelGLSL: """
                if (cb <= 0.0) return 0.0;
                if (cs <= 0.0) return 1.0;
                return min(cb / cs, 1.0);
                """, channel: { cb, cs in cb <= 0 ? 0 : (cs <= 0 ? 1 : min(cb / cs, 1)) }))

    /// CILinearBurnBlendMode: B = max(cb + cs − 1, 0).
    static let linearBurnBlendMode = compositingFilter(
        "CILinearBurnBlendMode", "Linear Burn Blend Mode",
        summary:
            "Inverts the unpremultiplied source and background image sample color, adds them, and inverts the result.",
        kernel: BlendModeKernels.separable(
            "irisLinearBurnBlendMode", channelGLSL: "return max(cb + cs - 1.0, 0.0);",
            channel: { cb, cs in max(cb + cs - 1, 0) }))

    /// CILinearDodgeBlendMode: B = min(cb + cs, 1).
    static let linearDodgeBlendMode = compositingFilter(
        "CILinearDodgeBlendMode", "Linear Dodge Blend Mode",
        summary: "Adds the unpremultiplied source and background image sample colors.",
        kernel: BlendModeKernels.separable(
            "irisLinearDodgeBlendMode", channelGLSL: "return min(cb + cs, 1.0);",
            channel: { cb, cs in min(cb + cs, 1) }))

    /// CILinearLightBlendMode: B = clamp(cb + 2cs − 1, 0, 1) (linear burn below ½, linear dodge above).
    static let linearLightBlendMode = compositingFilter(
        "CILinearLightBlendMode", "Linear Light Blend Mode",
        summary: "A combination of linear burn and linear dodge blend modes.",
        kernel: BlendModeKernels.separable(
            "irisLinearLightBlendMode", channelGLSL: "return clamp(cb + 2.0 * cs - 1.0, 0.0, 1.0);",
            channel: { cb, cs in min(max(cb + 2 * cs - 1, 0), 1) }))

    /// CIPinLightBlendMode: B = cs ≤ ½ ? min(cb, 2cs) : max(cb, 2cs − 1).
    static let pinLightBlendMode = compositingFilter(
        "CIPinLightBlendMode", "Pin Light Blend Mode",
        summary:
            "Conditionally replaces background image samples with source image samples depending on the brightness of the source image samples.",
        kernel: BlendModeKernels.separable(
            "irisPinLightBlendMode", channelGLSL: "return cs <= 0.5 ? min(cb, 2.0 * cs) : max(cb, 2.0 * cs - 1.0);",
            channel: { cb, cs in cs <= 0.5 ? min(cb, 2 * cs) : max(cb, 2 * cs - 1) }))

    /// CIVividLightBlendMode: B = cs ≤ ½ ? ColorBurn(cb, 2cs) : ColorDodge(cb, 2cs − 1).
    static let vividLightBlendMode = compositingFilter(
        "CIVividLightBlendMode", "Vivid Light Blend Mode",
        summary: "A combination of color burn and color dodge blend modes.",
        kernel: BlendModeKernels.separable(
            "irisVividLightBlendMode",
            channelGLSL: """
                float c2 = 2.0 * cs;
                float d2 = 2.0 * cs - 1.0;
                return cs <= 0.5 ? \(SeparableBlend.colorBurnGLSL("cb", "c2")) : \(SeparableBlend.colorDodgeGLSL("cb", "d2"));
                """,
            channel: { cb, cs in
                cs <= 0.5 ? SeparableBlend.colorBurn(cb, 2 * cs) : SeparableBlend.colorDodge(cb, 2 * cs - 1)
            }))

    /// CIHardMixBlendMode: B = cb + cs ≥ 1 ? 1 : 0 (each channel goes to 0 or 1). The threshold is held at
    /// 1 − 10⁻⁴ so that a pure channel over its complement (1 + 0) is 1 on both renderers.
    static let hardMixBlendMode = compositingFilter(
        "CIHardMixBlendMode", "Hard Mix Blend Mode",
        summary:
            "Sets each channel to 0 or 1 depending on whether the sum of the source and background colors reaches 1.",
        kernel: BlendModeKernels.separable(
            "irisHardMixBlendMode", channelGLSL: "return cb + cs >= 0.9999 ? 1.0 : 0.0;",
            channel: { cb, cs in cb + cs >= 0.9999 ? 1 : 0 }))
}
