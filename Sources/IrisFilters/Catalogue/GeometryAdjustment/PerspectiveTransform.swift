import IrisCore

extension BuiltInFilters {
    /// CIPerspectiveTransform: the projective map that takes the input extent's corners to the four
    /// points; each output pixel reads the input (bilinear) at the inverse map of its centre.
    static let perspectiveTransform = FilterDescriptor(
        name: "CIPerspectiveTransform", displayName: "Perspective Transform",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Alters an image's geometry to simulate the observer changing viewing position.",
        inputs: [.image] + perspectiveCornerInputs,
        build: { args throws(FilterError) in
            let image = try args.finiteImage("inputImage")
            return try perspectiveWarp(
                image, source: image.extent, quad: try perspectiveQuad(args), filter: "CIPerspectiveTransform")
        })
}
