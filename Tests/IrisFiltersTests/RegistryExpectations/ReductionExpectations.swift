@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.reductionFilters`, other than inputImage.
    static let reduction: Group = Group(
        list: BuiltInFilters.reductionFilters, category: FilterCategory.reduction,
        inputs: [
            "CIAreaAverage": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIAreaHistogram": [
                ("inputExtent", .vector, "[0 0 640 80]"), ("inputScale", .scalar, "1"), ("inputCount", .integer, "64")
            ],
            "CIHistogramDisplayFilter": [
                ("inputHeight", .scalar, "100"), ("inputHighLimit", .scalar, "1"), ("inputLowLimit", .scalar, "0")
            ],
            "CIAreaMaximum": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIAreaMinimum": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIAreaMaximumAlpha": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIAreaMinimumAlpha": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIRowAverage": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIColumnAverage": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIAreaMinMax": [("inputExtent", .vector, "[0 0 640 80]")]
        ])
}
