import IrisCore

extension BuiltInFilters {
    /// Colour effects (CICategoryColorEffect), the colour-cube family aside. One file per filter beside this one.
    static let colorEffectFilters: [FilterDescriptor] =
        [
            colorInvert, sepiaTone, vignette,
            colorMonochrome, colorPosterize, falseColor, maskToAlpha, maximumComponent, minimumComponent,
            thermal, xRay, dither, colorCrossPolynomial, colorMap
        ] + photoEffects
}
