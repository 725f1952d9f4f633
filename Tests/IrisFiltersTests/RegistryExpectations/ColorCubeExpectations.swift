@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.colorCubeFilters`, other than inputImage.
    static let colorCube: Group = Group(
        list: BuiltInFilters.colorCubeFilters, category: FilterCategory.colorEffect,
        inputs: [
            "CIColorCube": [
                ("inputCubeDimension", .integer, "2"), ("inputCubeData", .data, "128 bytes"),
                ("inputCubeFile", .string, "\"\"")
            ],
            "CIColorCubeWithColorSpace": [
                ("inputCubeDimension", .integer, "2"), ("inputCubeData", .data, "128 bytes"),
                ("inputCubeFile", .string, "\"\""), ("inputColorSpace", .string, "\"sRGB\"")
            ],
            "CIColorCubesMixedWithMask": [
                ("inputMaskImage", .image, nil), ("inputCubeDimension", .integer, "2"),
                ("inputCube0Data", .data, "128 bytes"),
                ("inputCube1Data", .data, "128 bytes"), ("inputColorSpace", .string, "\"sRGB\"")
            ]
        ])
}
