import IrisCore

extension BuiltInFilters {
    /// CIMorphologyRectangleMaximum: each component becomes its maximum over a `inputWidth` × `inputHeight` rectangle
    /// centred on
    /// the pixel, sizes rounded to the nearest odd whole number as Core Image documents, in two separable
    /// passes (see `MorphologySupport.lineKernel`). The extent grows by half the rectangle.
    static let morphologyRectangleMaximum = MorphologySupport.rectangleFilter(
        name: "CIMorphologyRectangleMaximum", displayName: "Morphology Rectangle Maximum", extreme: "brightest", sign: 1
    )
}
