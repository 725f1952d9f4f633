import IrisCore

extension BuiltInFilters {
    /// CISixfoldReflectedTile: hexagonal cells (centres `inputWidth` apart) around `inputCenter`; each is the 60° wedge
    /// of the centre cell reflected across three mirror lines (the dihedral group of order 6). The result is infinite.
    static let sixfoldReflectedTile = FilterDescriptor(
        name: "CISixfoldReflectedTile", displayName: "Sixfold Reflected Tile",
        categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by applying a 6-way reflected symmetry.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(sixfoldReflectedTileKernel, args, acute: false, filter: "CISixfoldReflectedTile")
        })

    static let sixfoldReflectedTileKernel = LatticeTile.kernel(
        "irisSixfoldReflectedTile", reach: 1,
        fold: LatticeTile.hexGLSL + "\n" + LatticeTile.polarGLSL(sector: "2.0943951", reflect: true)
    ) { q, _ in LatticeTile.polar(LatticeTile.hex(q), sector: 2.0943951, reflect: true) }
}
