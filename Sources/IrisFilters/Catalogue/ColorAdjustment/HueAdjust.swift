import IrisCore

extension BuiltInFilters {
    /// CIHueAdjust: rotates hues by `inputAngle` radians about the grey axis, keeping each pixel's luma.
    /// A colour matrix, so it folds with neighbouring matrix filters.
    static let hueAdjust = FilterDescriptor(
        name: "CIHueAdjust", displayName: "Hue Adjust",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Changes the overall hue, or tint, of the source pixels.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The angle, in radians, to rotate hues by.")
        ],
        build: { args throws(FilterError) in
            let matrix = hueRotationMatrix(angle: try args.number("inputAngle"))
            return try args.image("inputImage").applyingColorMatrix(matrix, label: "CIHueAdjust")
        })

    /// Core Image does not publish its matrix; this is the well-known luminance-preserving rotation (as in
    /// SVG's feColorMatrix hueRotate), derived exactly for the working space's Rec.709 luma weights w:
    /// M = G + cos θ (I − G) + sin θ S, where every row of G is w, and S is chosen so that w·S = 0 (luma kept)
    /// and S·(1,1,1) = 0 (grey stays grey).
    static func hueRotationMatrix(angle: Double) -> ColorMatrix {
        let wr = WorkingSpaceLuma.red, wg = WorkingSpaceLuma.green, wb = WorkingSpaceLuma.blue
        let grey = WorkingSpaceLuma.greyRows
        let top = [-wr, -wg, 1 - wb], bottom = [-(1 - wr), wg, wb]
        // The middle row cancels the others' contribution to luma in each column.
        let middle = (0..<3).map { c in -(wr * top[c] + wb * bottom[c]) / wg }
        let s = [top, middle, bottom]
        let cs = _cos(angle), sn = _sin(angle)
        let rows = (0..<3).map { r in
            (0..<3).map { c in grey[r][c] + cs * ((r == c ? 1 : 0) - grey[r][c]) + sn * s[r][c] }
        }
        return ColorMatrix(rgb: rows)
    }
}
