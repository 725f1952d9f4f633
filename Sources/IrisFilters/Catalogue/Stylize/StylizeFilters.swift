import IrisCore

extension BuiltInFilters {
    /// Stylize and convolution (CICategoryStylize). One file per filter beside this one. Halftones have
    /// their own list (`Filters/Halftone/HalftoneFilters.swift`).
    static let stylizeFilters: [FilterDescriptor] = [
        bloom, convolution3X3, convolution5X5, convolution7X7, convolution9Horizontal, convolution9Vertical,
        convolutionRGB3X3, convolutionRGB5X5, convolutionRGB7X7, convolutionRGB9Horizontal, convolutionRGB9Vertical,
        comicEffect, crystallize, edges, edgeWork, gloom, heightFieldFromMask, hexagonalPixellate, lineOverlay,
        pixellate, pointillize,
        spotColor, spotLight
    ]
}

extension BuiltInFilters {
    /// Filters this group owns that Core Image files under CICategoryColorEffect (so they cannot sit in
    /// `stylizeFilters`, whose members all carry CICategoryStylize). One file per filter in Filters/Stylize.
    static let stylizeGroupColorEffectFilters: [FilterDescriptor] = [
        vignetteEffect
    ]
}
