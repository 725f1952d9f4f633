/// The list of built-in filter descriptors, one file per filter under Filters/<category>/.
enum BuiltInFilters {
    static let all: [FilterDescriptor] = [
        sepiaTone,
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
