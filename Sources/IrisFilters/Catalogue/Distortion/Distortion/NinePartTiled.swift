import IrisCore

extension BuiltInFilters {
    /// CINinePartTiled: as CINinePartStretched, but the middle band repeats the part between the breakpoints
    /// instead of stretching it; with `inputFlipYTiles` 1 every other row of tiles is mirrored vertically.
    static let ninePartTiled = FilterDescriptor(
        name: "CINinePartTiled", displayName: "Nine Part Tiled", categories: DistortionSupport.categories,
        summary: "Distorts an image by tiling an image based on two input breakpoints.",
        inputs: NinePart.inputs + [
            FilterInputDescriptor(
                "inputFlipYTiles", .boolean, default: .number(1),
                summary: "1 mirrors every other row of tiles vertically.")
        ],
        build: { args throws(FilterError) in
            try NinePart.apply(args, mode: try args.number("inputFlipYTiles") != 0 ? 2 : 1, filter: "CINinePartTiled")
        })
}
