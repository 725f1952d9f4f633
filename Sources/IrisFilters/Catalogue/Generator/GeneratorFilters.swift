import IrisCore

extension BuiltInFilters {
    /// Generators and gradients (CICategoryGenerator, CICategoryGradient). One file per filter beside this
    /// one; what they share (colour inputs, square waves, striations) is in GeneratorSupport.swift.
    static let generatorFilters: [FilterDescriptor] = [
        constantColorGenerator,
        checkerboardGenerator, stripesGenerator, randomGenerator,
        linearGradient, smoothLinearGradient, radialGradient, gaussianGradient, hueSaturationValueGradient,
        roundedRectangleGenerator, roundedRectangleStrokeGenerator, blurredRectangleGenerator, starShineGenerator,
        sunbeamsGenerator, lenticularHaloGenerator
    ]
}
