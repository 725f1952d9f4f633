import IrisCore

extension BuiltInFilters {
    /// CICopyMachineTransition: a bar of light `inputWidth` wide sweeps across `inputExtent` in the
    /// direction `inputAngle`, as in a photocopier; the target appears behind the bar's leading side, and the
    /// bar tints towards `inputColor` by `inputOpacity` · (1 − |2f − 1|) across it (clamped to 1).
    static let copyMachineTransition = FilterDescriptor(
        name: "CICopyMachineTransition", displayName: "Copy Machine",
        categories: DistortionSupport.transitionCategories,
        summary: "Transitions from one image to another by simulating the effect of a copy machine.",
        inputs: [
            .image, DistortionSupport.targetImage, DistortionSupport.extentInput("The rectangle the light crosses."),
            TransitionSupport.colorInput(SIMD4(0.6, 1, 0.8, 1), "The colour of the light."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: 0...2 * Double.pi,
                summary: "The direction of the light's travel, in radians."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(200), range: 0.1...Double.infinity, slider: 0.1...500,
                summary: "The width of the light bar, in pixels."),
            FilterInputDescriptor(
                "inputOpacity", .scalar, default: .number(1.3), range: 0...Double.infinity, slider: 0...3,
                summary: "How strongly the bar is tinted.")
        ],
        build: { args throws(FilterError) in try sweep(args, mode: 1, filter: "CICopyMachineTransition") })
}
