@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.sharpenFilters`, other than inputImage.
    static let sharpen: Group = Group(
        list: BuiltInFilters.sharpenFilters, category: FilterCategory.sharpen,
        inputs: [
            "CISharpenLuminance": [("inputSharpness", .scalar, "0.4"), ("inputRadius", .distance, "1.69")],
            "CIUnsharpMask": [("inputRadius", .distance, "2.5"), ("inputIntensity", .scalar, "0.5")]
        ])
}
