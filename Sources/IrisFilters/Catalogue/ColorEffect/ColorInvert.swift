import IrisCore

extension BuiltInFilters {
    /// CIColorInvert: 1 − c on straight colour, alpha kept. Core Image builds it from CIColorMatrix, and so
    /// does Iris: it folds with neighbouring matrix filters.
    static let colorInvert = FilterDescriptor(
        name: "CIColorInvert", displayName: "Color Invert",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Inverts the colors in an image.",
        inputs: [.image],
        build: { args throws(FilterError) in
            let matrix = ColorMatrix(rgb: [[-1, 0, 0], [0, -1, 0], [0, 0, -1]], bias: SIMD3(repeating: 1))
            return try args.image("inputImage").applyingColorMatrix(matrix, label: "CIColorInvert")
        })
}
