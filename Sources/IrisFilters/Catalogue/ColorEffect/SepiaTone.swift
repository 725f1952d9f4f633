import IrisCore

extension BuiltInFilters {
    /// CISepiaTone: blends towards the classic sepia matrix by `inputIntensity`. A colour matrix, so it
    /// folds with neighbouring matrix filters.
    static let sepiaTone = FilterDescriptor(
        name: "CISepiaTone", displayName: "Sepia Tone",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Maps the colors of an image to various shades of brown.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(1), range: 0...1,
                summary: "The strength of the sepia effect.")
        ],
        build: { args throws(FilterError) in
            let matrix = sepiaMatrix(intensity: try args.number("inputIntensity"))
            return try args.image("inputImage").applyingColorMatrix(matrix, label: "CISepiaTone")
        })

    /// The widely used sepia matrix (Apple does not publish CI's), mixed with identity by `t`.
    static func sepiaMatrix(intensity t: Double) -> ColorMatrix {
        let sepia: [[Double]] = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
        let rows = (0..<3).map { r in (0..<3).map { c in (1 - t) * (r == c ? 1 : 0) + t * sepia[r][c] } }
        return ColorMatrix(rgb: rows)
    }
}
