import IrisCore

extension BuiltInFilters {
    /// CINinePartStretched: cuts the image at the two breakpoints; the corners keep their size, the middle
    /// band between the breakpoints is stretched linearly by `inputGrowAmount` on each axis, and the far parts
    /// move out by it. The result is the input's extent grown by that amount.
    static let ninePartStretched = FilterDescriptor(
        name: "CINinePartStretched", displayName: "Nine Part Stretched", categories: DistortionSupport.categories,
        summary: "Distorts an image by stretching an image based on two input breakpoints.",
        inputs: NinePart.inputs,
        build: { args throws(FilterError) in try NinePart.apply(args, mode: 0, filter: "CINinePartStretched") })
}
