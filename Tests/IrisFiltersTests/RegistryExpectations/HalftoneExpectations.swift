@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.halftoneFilters`, other than inputImage.
    static let halftone: Group = Group(
        list: BuiltInFilters.halftoneFilters, category: FilterCategory.halftoneEffect,
        inputs: [
            "CICircularScreen": [
                ("inputCenter", .position, "[150 150]"), ("inputWidth", .distance, "6"),
                ("inputSharpness", .scalar, "0.7")
            ],
            "CICMYKHalftone": [
                ("inputCenter", .position, "[150 150]"), ("inputWidth", .distance, "6"), ("inputAngle", .angle, "0"),
                ("inputSharpness", .scalar, "0.7"), ("inputGCR", .scalar, "1"), ("inputUCR", .scalar, "0.5")
            ],
            "CIDotScreen": [
                ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputWidth", .distance, "6"),
                ("inputSharpness", .scalar, "0.7")
            ],
            "CIHatchedScreen": [
                ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputWidth", .distance, "6"),
                ("inputSharpness", .scalar, "0.7")
            ],
            "CILineScreen": [
                ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputWidth", .distance, "6"),
                ("inputSharpness", .scalar, "0.7")
            ]
        ])
}
