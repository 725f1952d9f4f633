import IrisCore

extension BuiltInFilters {
    /// CISixfoldRotatedTile: hexagonal cells (centres `inputWidth` apart) around `inputCenter`; each is six copies of
    /// the 60° wedge of the centre cell, turned by multiples of 60°. The result is infinite.
    static let sixfoldRotatedTile = FilterDescriptor(
        name: "CISixfoldRotatedTile", displayName: "Sixfold Rotated Tile", categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by rotating a source image by multiples of 60 degrees.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(sixfoldRotatedTileKernel, args, acute: false, filter: "CISixfoldRotatedTile")
        })

    static let sixfoldRotatedTileKernel = LatticeTile.kernel(
        "irisSixfoldRotatedTile", reach: 1,
        fold: LatticeTile.hexGLSL + "\n" + LatticeTile.polarGLSL(sector: "1.0471976", reflect: false)
    ) { q, _ in LatticeTile.polar(LatticeTile.hex(q), sector: 1.0471976, reflect: false) }
}
