import IrisCore

/// Core Image's compositing operators other than source-over, on premultiplied colour (s = inputImage,
/// b = inputBackgroundImage, all four channels alike unless said). The Porter-Duff ones (atop, in, out) are
/// Porter and Duff's 1984 definitions; addition, multiply, maximum and minimum are Apple's one-line
/// descriptions taken literally, per component of the premultiplied colours.
extension BuiltInFilters {
    /// CIAdditionCompositing: s + b per component (colour and alpha), alpha held at 1 at most; colour may
    /// exceed 1 in the working space and is clipped only when written out.
    static let additionCompositing = compositingFilter(
        "CIAdditionCompositing", "Addition", summary: "Adds color components to achieve a brightening effect.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisAdditionCompositing", glsl: "vec4(s0.rgb + s1.rgb, min(s0.a + s1.a, 1.0))",
            cpu: { s, b in
                let c = s + b
                return SIMD4(c.x, c.y, c.z, min(c.w, 1))
            }))

    /// CIMultiplyCompositing: s · b per component, alpha included (so a pixel only one image covers is clear).
    static let multiplyCompositing = compositingFilter(
        "CIMultiplyCompositing", "Multiply",
        summary:
            "Multiplies the color component of two input images and creates an output image using the multiplied values.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisMultiplyCompositing", glsl: "s0 * s1", cpu: { s, b in s * b }))

    /// CIMaximumCompositing: max(s, b) per component.
    static let maximumCompositing = compositingFilter(
        "CIMaximumCompositing", "Maximum",
        summary:
            "Computes the maximum value, by color component, of two input images and creates an output image using the maximum values.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisMaximumCompositing", glsl: "max(s0, s1)", cpu: { s, b in pointwiseMax(s, b) }))

    /// CIMinimumCompositing: min(s, b) per component.
    static let minimumCompositing = compositingFilter(
        "CIMinimumCompositing", "Minimum",
        summary:
            "Computes the minimum value, by color component, of two input images and creates an output image using the minimum values.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisMinimumCompositing", glsl: "min(s0, s1)", cpu: { s, b in pointwiseMin(s, b) }))

    /// CISourceAtopCompositing: s · b.a + b · (1 − s.a); the alpha is b.a.
    static let sourceAtopCompositing = compositingFilter(
        "CISourceAtopCompositing", "Source Atop",
        summary:
            "Places the input image over the background image, then uses the luminance of the background image to determine what to show.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisSourceAtopCompositing", glsl: "s0 * s1.a + s1 * (1.0 - s0.a)",
            cpu: { s, b in s * b.w + b * (1 - s.w) }))

    /// CISourceInCompositing: s · b.a (the source where the background is).
    static let sourceInCompositing = compositingFilter(
        "CISourceInCompositing", "Source In",
        summary:
            "Uses the background image to define what to leave in the input image, effectively cropping the input image.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisSourceInCompositing", glsl: "s0 * s1.a", cpu: { s, b in s * b.w }))

    /// CISourceOutCompositing: s · (1 − b.a) (the source where the background is not).
    static let sourceOutCompositing = compositingFilter(
        "CISourceOutCompositing", "Source Out",
        summary: "Uses the background image to define what to take out of the input image.",
        kernel: BlendModeKernels.premultipliedOperator(
            "irisSourceOutCompositing", glsl: "s0 * (1.0 - s1.a)", cpu: { s, b in s * (1 - b.w) }))
}
