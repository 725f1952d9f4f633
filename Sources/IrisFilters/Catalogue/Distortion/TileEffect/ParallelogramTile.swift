import IrisCore

extension BuiltInFilters {
    /// CIParallelogramTile: reflects the parallelogram whose corner is `inputCenter` (sides `inputWidth`, angle
    /// `inputAcuteAngle`) across its sides, and tiles that. The result is infinite.
    static let parallelogramTile = FilterDescriptor(
        name: "CIParallelogramTile", displayName: "Parallelogram Tile", categories: DistortionSupport.tileCategories,
        summary: "Warps an image by reflecting it in a parallelogram, and then tiles the result.",
        inputs: LatticeTile.inputs(acute: true),
        build: { args throws(FilterError) in
            try LatticeTile.apply(parallelogramTileKernel, args, acute: true, filter: "CIParallelogramTile")
        })

    static let parallelogramTileKernel = LatticeTile.kernel(
        "irisParallelogramTile", reach: 2.5,
        fold: LatticeTile.skewIn
            + "\n        a = 1.0 - abs(mod(a, 2.0) - 1.0);\n        b = 1.0 - abs(mod(b, 2.0) - 1.0);\n"
            + LatticeTile.skewOut
    ) { q, alpha in LatticeTile.skew(q, alpha) { 1 - abs(glslMod($0, 2) - 1) } }
}
