import IrisCore

extension BuiltInFilters {
    /// The reductions share Core Image's `inputExtent` (the area to reduce, [x y width height], clipped to
    /// the image and rounded out to whole pixels) and return small images at the origin. They read only
    /// inside that area, so they do not declare `readsNeighbourhood`: extending the edges would bring
    /// pixels that are not the image into it.
    static let reductionExtentInput = FilterInputDescriptor(
        "inputExtent", .vector, default: .vector([0, 0, 640, 80]),
        summary: "The area to reduce: x, y, width, height.")

    static let reductionCategories = [
        FilterCategory.reduction, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
    ]

    /// The image's pixels inside `inputExtent`, as whole pixels; a typed error when nothing is left.
    static func reductionArea(_ args: FilterArguments, filter: String) throws(FilterError) -> (Image, Rect) {
        let image = try args.image("inputImage")
        let v = try args.vector("inputExtent")
        guard v.count == 4, v[2] >= 0, v[3] >= 0 else {
            throw .invalidValue(
                filter: filter, key: "inputExtent", reason: "takes x, y, width, height with width and height ≥ 0")
        }
        let clipped = Rect(x: v[0], y: v[1], width: v[2], height: v[3]).intersection(image.extent)
        guard !clipped.isEmpty, clipped.width.isFinite, clipped.height.isFinite else {
            throw .invalidValue(
                filter: filter, key: "inputExtent", reason: "holds none of the image (its extent is \(image.extent))")
        }
        let x0 = clipped.minX.rounded(.down), y0 = clipped.minY.rounded(.down)
        let area = Rect(
            x: x0, y: y0, width: (clipped.minX + clipped.width).rounded(.up) - x0,
            height: (clipped.minY + clipped.height).rounded(.up) - y0)
        // Each pass folds 8×8 pixels, so a 16384-pixel side takes five passes; larger areas are refused.
        guard area.width <= 65536, area.height <= 65536 else {
            throw .invalidValue(
                filter: filter, key: "inputExtent",
                reason: "\(Int(area.width))×\(Int(area.height)) is larger than 65536 on a side")
        }
        return (image, area)
    }

    static func reductionFilter(
        _ name: String, _ displayName: String, _ summary: String, mode: AreaReduction.Mode,
        alongX: Bool = true, alongY: Bool = true
    ) -> FilterDescriptor {
        FilterDescriptor(
            name: name, displayName: displayName, categories: reductionCategories, summary: summary,
            inputs: [.image, reductionExtentInput],
            build: { args throws(FilterError) in
                let (image, area) = try reductionArea(args, filter: name)
                return AreaReduction.reduce(image, area: area, mode: mode, alongX: alongX, alongY: alongY, label: name)
            })
    }

    /// CIAreaAverage: the mean colour of the area, as a 1×1 image.
    static let areaAverage = reductionFilter(
        "CIAreaAverage", "Area Average",
        "Returns a single-pixel image that contains the average color for the region of interest.", mode: .mean)
    /// CIAreaMaximum: the largest value of each channel over the area, as a 1×1 image.
    static let areaMaximum = reductionFilter(
        "CIAreaMaximum", "Area Maximum",
        "Returns a single-pixel image that contains the maximum color components for the region of interest.",
        mode: .maximum)
    /// CIAreaMinimum: the smallest value of each channel over the area, as a 1×1 image.
    static let areaMinimum = reductionFilter(
        "CIAreaMinimum", "Area Minimum",
        "Returns a single-pixel image that contains the minimum color components for the region of interest.",
        mode: .minimum)
    /// CIAreaMaximumAlpha: the pixel of the area with the largest alpha, as a 1×1 image.
    static let areaMaximumAlpha = reductionFilter(
        "CIAreaMaximumAlpha", "Area Maximum Alpha",
        "Returns a single-pixel image that contains the color vector with the maximum alpha value for the region of interest.",
        mode: .maximumAlpha)
    /// CIAreaMinimumAlpha: the pixel of the area with the smallest alpha, as a 1×1 image.
    static let areaMinimumAlpha = reductionFilter(
        "CIAreaMinimumAlpha", "Area Minimum Alpha",
        "Returns a single-pixel image that contains the color vector with the minimum alpha value for the region of interest.",
        mode: .minimumAlpha)
    /// CIRowAverage: the mean of each row of the area, as a 1-pixel-wide image as tall as the area.
    static let rowAverage = reductionFilter(
        "CIRowAverage", "Row Average",
        "Returns a 1-pixel wide image that contains the average color for each scan row.", mode: .mean, alongX: true,
        alongY: false)
    /// CIColumnAverage: the mean of each column of the area, as a 1-pixel-high image as wide as the area.
    static let columnAverage = reductionFilter(
        "CIColumnAverage", "Column Average",
        "Returns a 1-pixel high image that contains the average color for each scan column.", mode: .mean,
        alongX: false, alongY: true)

    /// CIAreaMinMax: a 2×1 image, the area's per-channel minimum at x = 0 and maximum at x = 1.
    static let areaMinMax = FilterDescriptor(
        name: "CIAreaMinMax", displayName: "Area Min and Max", categories: reductionCategories,
        summary: "Calculates the per-component minimum and maximum value for a specified area in an image.",
        inputs: [.image, reductionExtentInput],
        build: { args throws(FilterError) in
            let (image, area) = try reductionArea(args, filter: "CIAreaMinMax")
            let minimum = AreaReduction.reduce(
                image, area: area, mode: .minimum, alongX: true, alongY: true, label: "CIAreaMinMax min")
            let maximum = AreaReduction.reduce(
                image, area: area, mode: .maximum, alongX: true, alongY: true, label: "CIAreaMinMax max")
            return maximum.transformed(by: AffineTransform(translationX: 1, y: 0)).composited(over: minimum)
        })
}
