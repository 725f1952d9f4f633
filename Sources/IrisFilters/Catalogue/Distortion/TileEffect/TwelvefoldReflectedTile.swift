import IrisCore

extension BuiltInFilters {
    /// CITwelvefoldReflectedTile: hexagonal cells (centres `inputWidth` apart) around `inputCenter`; each is the 30°
    /// wedge of the centre cell reflected across six mirror lines (the dihedral group of order 12). The result is
    /// infinite.
    static let twelvefoldReflectedTile = FilterDescriptor(
        name: "CITwelvefoldReflectedTile", displayName: "Twelvefold Reflected Tile",
        categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by applying a 12-way reflected symmetry.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(
                twelvefoldReflectedTileKernel, args, acute: false, filter: "CITwelvefoldReflectedTile")
        })

    static let twelvefoldReflectedTileKernel = LatticeTile.kernel(
        "irisTwelvefoldReflectedTile", reach: 1,
        fold: LatticeTile.hexGLSL + "\n" + LatticeTile.polarGLSL(sector: "1.0471976", reflect: true)
    ) { q, _ in LatticeTile.polar(LatticeTile.hex(q), sector: 1.0471976, reflect: true) }
}
