import IrisCore

extension BuiltInFilters {
    /// CIColorControls: saturation, brightness and contrast as one colour matrix (it folds with neighbours).
    static let colorControls = FilterDescriptor(
        name: "CIColorControls", displayName: "Color Controls",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Adjusts saturation, brightness, and contrast values.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputSaturation", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0...2,
                summary: "0 is grey, 1 leaves colours alone, above 1 boosts them."),
            FilterInputDescriptor(
                "inputBrightness", .scalar, default: .number(0), range: -1...1,
                summary: "Added to every colour component."),
            FilterInputDescriptor(
                "inputContrast", .scalar, default: .number(1), range: 0.25...Double.infinity, slider: 0.25...4,
                summary: "Scales colours about mid grey (0.5).")
        ],
        build: { args throws(FilterError) in
            let matrix = colorControlsMatrix(
                saturation: try args.number("inputSaturation"),
                brightness: try args.number("inputBrightness"),
                contrast: try args.number("inputContrast"))
            return try args.image("inputImage").applyingColorMatrix(matrix, label: "CIColorControls")
        })

    /// Apple's documented formulas, applied in this order to straight working-space colour c:
    /// saturation mix(luma, c, s) (Rec.709 luma), then brightness c + b, then contrast (c − 0.5)·k + 0.5.
    static func colorControlsMatrix(saturation s: Double, brightness b: Double, contrast k: Double) -> ColorMatrix {
        let grey = WorkingSpaceLuma.greyRows
        let rows = (0..<3).map { r in (0..<3).map { c in k * ((1 - s) * grey[r][c] + s * (r == c ? 1 : 0)) } }
        let offset = k * b + 0.5 * (1 - k)
        return ColorMatrix(rgb: rows, bias: SIMD3(repeating: offset))
    }
}
