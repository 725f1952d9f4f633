import IrisCore

extension BuiltInFilters {
    /// Blend modes and Porter-Duff compositing (CICategoryCompositeOperation). The family's shared maths is
    /// in BlendModeKernels.swift; the descriptors are grouped by family beside it (PorterDuffCompositing,
    /// SeparableBlendModes, NonSeparableBlendModes, BlendWithMasks).
    static let compositeOperationFilters: [FilterDescriptor] = [
        sourceOverCompositing,
        // Porter-Duff and component-wise operators.
        additionCompositing, multiplyCompositing, maximumCompositing, minimumCompositing,
        sourceAtopCompositing, sourceInCompositing, sourceOutCompositing,
        // Separable blend modes.
        multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode,
        colorDodgeBlendMode, colorBurnBlendMode, hardLightBlendMode, softLightBlendMode,
        differenceBlendMode, exclusionBlendMode, subtractBlendMode, divideBlendMode,
        linearBurnBlendMode, linearDodgeBlendMode, linearLightBlendMode, pinLightBlendMode,
        vividLightBlendMode, hardMixBlendMode,
        // Non-separable blend modes.
        hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode,
        // Mask blends (Core Image's CICategoryStylize too).
        blendWithMask, blendWithAlphaMask, blendWithRedMask, blendWithBlueMask
    ]
}
