/// The list of built-in filter descriptors, one file per filter under Filters/<category>/.
enum BuiltInFilters {
    static let all: [FilterDescriptor] = [
        // Colour adjustment
        colorControls, colorMatrix, exposureAdjust, gammaAdjust, hueAdjust, vibrance,
        // Colour effect
        colorInvert, sepiaTone, vignette,
        // Blur and convolution
        boxBlur, gaussianBlur, convolution3X3,
        // Geometry, compositing, generators
        affineTransform, crop, sourceOverCompositing, constantColorGenerator,
    ]
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
    public static let sharpen = "CICategorySharpen"
    public static let video = "CICategoryVideo"
    public static let stillImage = "CICategoryStillImage"
    public static let builtIn = "CICategoryBuiltIn"
}
