import IrisCore

extension BuiltInFilters {
    /// CIPerspectiveTransformWithExtent: the projective map that takes the corners of `inputExtent` (not the
    /// image's) to the four points, applied to the whole image.
    static let perspectiveTransformWithExtent = FilterDescriptor(
        name: "CIPerspectiveTransformWithExtent", displayName: "Perspective Transform with Extent",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Alters an image's geometry so that a chosen rectangle lands on four points.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputExtent", .vector, default: .vector([0, 0, 300, 300]),
                summary: "The rectangle (x, y, width, height) whose corners go to the four points.")
        ]
            + perspectiveCornerInputs,
        build: { args throws(FilterError) in
            let v = try args.vector("inputExtent")
            guard v.count == 4, v[2] > 0, v[3] > 0 else {
                throw .invalidValue(
                    filter: "CIPerspectiveTransformWithExtent", key: "inputExtent",
                    reason: "needs x, y and a positive width and height")
            }
            return try perspectiveWarp(
                try args.image("inputImage"), source: DistortionSupport.rect(v), quad: try perspectiveQuad(args),
                filter: "CIPerspectiveTransformWithExtent")
        })
}
