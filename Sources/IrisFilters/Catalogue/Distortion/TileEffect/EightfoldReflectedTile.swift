import IrisCore

extension BuiltInFilters {
    /// CIEightfoldReflectedTile: square cells around `inputCenter`; each is the eighth of the centre cell between 0°
    /// and 45° mirrored across the cell's axes and diagonals (the dihedral group of order 8). The result is infinite.
    static let eightfoldReflectedTile = FilterDescriptor(
        name: "CIEightfoldReflectedTile", displayName: "Eightfold Reflected Tile",
        categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by applying an 8-way reflected symmetry.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(eightfoldReflectedTileKernel, args, acute: false, filter: "CIEightfoldReflectedTile")
        })

    static let eightfoldReflectedTileKernel = LatticeTile.kernel(
        "irisEightfoldReflectedTile", reach: 1,
        fold: "        q = abs(fract(q + 0.5) - 0.5);\n        if (q.y > q.x) q = q.yx;"
    ) { q, _ in
        {
            let a = LatticeTile.centred(q)
            let v = SIMD2(abs(a.x), abs(a.y))
            return v.y > v.x ? SIMD2(v.y, v.x) : v
        }()
    }
}
