import IrisCore

extension BuiltInFilters {
    /// CIGlideReflectedTile: square cells around `inputCenter`; every other row is the centre cell mirrored left to
    /// right and shifted by half a cell (a glide reflection). The result is infinite.
    static let glideReflectedTile = FilterDescriptor(
        name: "CIGlideReflectedTile", displayName: "Glide Reflected Tile", categories: DistortionSupport.tileCategories,
        summary: "Produces a tiled image by translating and smearing an image.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(glideReflectedTileKernel, args, acute: false, filter: "CIGlideReflectedTile")
        })

    static let glideReflectedTileKernel = LatticeTile.kernel(
        "irisGlideReflectedTile", reach: 1,
        fold:
            "        float row = floor(q.y);\n        vec2 f = fract(q) - 0.5;\n        if (mod(row, 2.0) > 0.5) f.x = 0.5 - fract(q.x + 0.5);\n        q = f;"
    ) { q, _ in
        {
            var f = SIMD2(glslFract(q.x), glslFract(q.y)) - 0.5
            if glslMod(q.y.rounded(.down), 2) > 0.5 { f.x = 0.5 - glslFract(q.x + 0.5) }
            return f
        }()
    }
}
