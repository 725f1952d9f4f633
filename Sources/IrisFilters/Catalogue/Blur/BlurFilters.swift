import IrisCore

extension BuiltInFilters {
    /// Blurs (CICategoryBlur). One file per filter beside this one.
    static let blurFilters: [FilterDescriptor] = [
        bokehBlur, boxBlur, discBlur, gaussianBlur, medianFilter, morphologyGradient, morphologyMaximum,
        morphologyMinimum,
        maskedVariableBlur, morphologyRectangleMaximum, morphologyRectangleMinimum, motionBlur, noiseReduction, zoomBlur
    ]
}
