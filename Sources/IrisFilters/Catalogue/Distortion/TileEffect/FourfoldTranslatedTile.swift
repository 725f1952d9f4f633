import IrisCore

extension BuiltInFilters {
    /// CIFourfoldTranslatedTile: repeats the parallelogram cell centred on `inputCenter` (sides `inputWidth`, angle
    /// `inputAcuteAngle`) by translation alone. The result is infinite.
    static let fourfoldTranslatedTile = FilterDescriptor(
        name: "CIFourfoldTranslatedTile", displayName: "Fourfold Translated Tile",
        categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by applying four translation operations.",
        inputs: LatticeTile.inputs(acute: true),
        build: { args throws(FilterError) in
            try LatticeTile.apply(fourfoldTranslatedTileKernel, args, acute: true, filter: "CIFourfoldTranslatedTile")
        })

    static let fourfoldTranslatedTileKernel = LatticeTile.kernel(
        "irisFourfoldTranslatedTile", reach: 1.5,
        fold: LatticeTile.skewIn + "\n        a = fract(a + 0.5) - 0.5;\n        b = fract(b + 0.5) - 0.5;\n"
            + LatticeTile.skewOut
    ) { q, alpha in LatticeTile.skew(q, alpha) { glslFract($0 + 0.5) - 0.5 } }
}
