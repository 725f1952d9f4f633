import IrisCore

/// The list of built-in filter descriptors, one file per filter under Filters/<category>/.
enum BuiltInFilters {
    /// Each group's list lives beside its filters (e.g. `Filters/Blur/BlurFilters.swift`).
    static let all: [FilterDescriptor] = [
        colorAdjustmentFilters, colorEffectFilters, colorCubeFilters, compositeOperationFilters,
        generatorFilters, codeGeneratorFilters, blurFilters, sharpenFilters,
        stylizeFilters, stylizeGroupColorEffectFilters, halftoneFilters, geometryAdjustmentFilters, distortionFilters,
        tileEffectFilters, transitionFilters, reductionFilters
    ].flatMap { $0 }
}

/// Core Image's category names.
public enum FilterCategory {
    public static let colorAdjustment = "CICategoryColorAdjustment"
    public static let colorEffect = "CICategoryColorEffect"
    public static let blur = "CICategoryBlur"
    public static let geometryAdjustment = "CICategoryGeometryAdjustment"
    public static let compositeOperation = "CICategoryCompositeOperation"
    public static let generator = "CICategoryGenerator"
    public static let stylize = "CICategoryStylize"
    public static let halftoneEffect = "CICategoryHalftoneEffect"
    public static let distortionEffect = "CICategoryDistortionEffect"
    public static let tileEffect = "CICategoryTileEffect"
    public static let transition = "CICategoryTransition"
    public static let gradient = "CICategoryGradient"
    public static let reduction = "CICategoryReduction"
    public static let interlaced = "CICategoryInterlaced"
    public static let nonSquarePixels = "CICategoryNonSquarePixels"
    public static let highDynamicRange = "CICategoryHighDynamicRange"
    public static let sharpen = "CICategorySharpen"
    public static let video = "CICategoryVideo"
    public static let stillImage = "CICategoryStillImage"
    public static let builtIn = "CICategoryBuiltIn"
}
