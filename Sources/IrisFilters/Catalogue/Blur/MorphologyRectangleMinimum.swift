import IrisCore

extension BuiltInFilters {
    /// CIMorphologyRectangleMinimum: each component becomes its minimum over a `inputWidth` × `inputHeight` rectangle
    /// centred on
    /// the pixel, sizes rounded to the nearest odd whole number as Core Image documents, in two separable
    /// passes (see `MorphologySupport.lineKernel`). The extent grows by half the rectangle.
    static let morphologyRectangleMinimum = MorphologySupport.rectangleFilter(
        name: "CIMorphologyRectangleMinimum", displayName: "Morphology Rectangle Minimum", extreme: "darkest", sign: -1)
}
