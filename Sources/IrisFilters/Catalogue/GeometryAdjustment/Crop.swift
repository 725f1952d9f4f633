import IrisCore

extension BuiltInFilters {
    /// CICrop: keeps the part of the image inside `inputRectangle` (x, y, width, height).
    static let crop = FilterDescriptor(
        name: "CICrop", displayName: "Crop",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Applies a crop to an image.",
        inputs: [
            .image,
            // [0 0 300 300] is the default Apple's Core Image Filter Reference documents.
            FilterInputDescriptor(
                "inputRectangle", .vector, default: .vector([0, 0, 300, 300]),
                summary: "x, y, width, height, origin bottom-left.")
        ],
        build: { args throws(FilterError) in
            let v = try args.vector("inputRectangle")
            guard v[2] >= 0, v[3] >= 0 else {
                throw .invalidValue(
                    filter: "CICrop", key: "inputRectangle", reason: "width and height must not be negative")
            }
            return try args.image("inputImage").cropped(to: Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        })
}
