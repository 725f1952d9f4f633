import IrisCore

extension BuiltInFilters {
    /// CIFourfoldRotatedTile: square cells around `inputCenter`; each is four copies of the quarter-turn wedge [0°,
    /// 90°) of the centre cell, turned by 0°, 90°, 180° and 270° about the cell's middle (Iris's cell; Core Image's is
    /// not published). The result is infinite.
    static let fourfoldRotatedTile = FilterDescriptor(
        name: "CIFourfoldRotatedTile", displayName: "Fourfold Rotated Tile",
        categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by rotating a source image by multiples of 90 degrees.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(fourfoldRotatedTileKernel, args, acute: false, filter: "CIFourfoldRotatedTile")
        })

    static let fourfoldRotatedTileKernel = LatticeTile.kernel(
        "irisFourfoldRotatedTile", reach: 1,
        fold: LatticeTile.centredGLSL + "\n" + LatticeTile.polarGLSL(sector: "1.5707963", reflect: false)
    ) { q, _ in LatticeTile.polar(LatticeTile.centred(q), sector: 1.5707963, reflect: false) }
}
