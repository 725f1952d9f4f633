import IrisCore

extension BuiltInFilters {
    /// CIAreaHistogram: the histogram of `inputExtent` as an `inputCount`×1 opaque image at the origin; bin b
    /// holds, in red, green and blue, `inputScale` × the fraction of the area's pixels whose component falls
    /// in [b, b + 1) / `inputCount`. Values are the working space's (linear, premultiplied): put
    /// CILinearToSRGBToneCurve first for a histogram of sRGB values. Chain it into CIHistogramDisplayFilter to
    /// see it. Computed by `AreaHistogram`.
    static let areaHistogram = FilterDescriptor(
        name: "CIAreaHistogram", displayName: "Area Histogram", categories: reductionCategories,
        summary:
            "Returns a 1D image (inputCount wide by one pixel high) that contains the component-wise histogram computed for the specified rectangular area.",
        inputs: [
            .image, reductionExtentInput,
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0...100,
                summary: "Multiplies each bin's fraction of the area."),
            FilterInputDescriptor(
                "inputCount", .integer, default: .number(64), range: 1...2048, slider: 1...256,
                summary: "The number of bins: the width of the output.")
        ],
        build: { args throws(FilterError) in
            let (image, area) = try reductionArea(args, filter: "CIAreaHistogram")
            return try AreaHistogram.histogram(
                image, area: area, bins: Int(try args.number("inputCount").rounded()),
                scale: try args.number("inputScale"), filter: "CIAreaHistogram")
        })
}
