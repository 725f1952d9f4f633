import IrisCore

extension BuiltInFilters {
    /// CIFourfoldReflectedTile: mirrors the parallelogram cell centred on `inputCenter` across each of its sides, so
    /// four mirror images meet at every corner. The result is infinite.
    static let fourfoldReflectedTile = FilterDescriptor(
        name: "CIFourfoldReflectedTile", displayName: "Fourfold Reflected Tile",
        categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by applying a 4-way reflected symmetry.",
        inputs: LatticeTile.inputs(acute: true),
        build: { args throws(FilterError) in
            try LatticeTile.apply(fourfoldReflectedTileKernel, args, acute: true, filter: "CIFourfoldReflectedTile")
        })

    static let fourfoldReflectedTileKernel = LatticeTile.kernel(
        "irisFourfoldReflectedTile", reach: 1.5,
        fold: LatticeTile.skewIn
            + "\n        a = abs(mod(a - 0.5, 2.0) - 1.0) - 0.5;\n        b = abs(mod(b - 0.5, 2.0) - 1.0) - 0.5;\n"
            + LatticeTile.skewOut
    ) { q, alpha in LatticeTile.skew(q, alpha) { abs(glslMod($0 - 0.5, 2) - 1) - 0.5 } }
}
