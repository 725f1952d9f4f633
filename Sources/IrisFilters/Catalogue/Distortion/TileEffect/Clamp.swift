import IrisCore

extension BuiltInFilters {
    /// CIClamp: reads the image only inside `inputExtent` and extends that rectangle's edge pixels
    /// infinitely (each pixel reads the nearest pixel centre inside it). The result is infinite.
    static let clampFilter = FilterDescriptor(
        name: "CIClamp", displayName: "Clamp", categories: DistortionSupport.tileCategories,
        summary: "Clamps an image to a rectangle, extending the pixels at its edge outwards.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputExtent", .vector, default: .vector([0, 0, 640, 80]),
                summary: "The rectangle (x, y, width, height) whose edge pixels extend outwards.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let v = try args.vector("inputExtent")
            guard v.count == 4, v[2] > 0, v[3] > 0 else {
                throw .invalidValue(
                    filter: "CIClamp", key: "inputExtent", reason: "needs x, y and a positive width and height")
            }
            return Image.make(
                BuiltInKernels.clampToRect, [image],
                KernelArguments([BuiltInKernels.rectArgument(DistortionSupport.rect(v))]),
                extent: image.extent.isEmpty ? .empty : .infinite, label: "CIClamp")
        })
}
