import IrisCore

extension BuiltInFilters {
    /// CITriangleTile: the equilateral triangle with a corner at `inputCenter` and sides `inputWidth`, mirrored across
    /// its sides to fill the plane. The result is infinite.
    static let triangleTile = FilterDescriptor(
        name: "CITriangleTile", displayName: "Triangle Tile", categories: DistortionSupport.tileCategories,
        summary: "Maps a triangular portion of an input image to create a triangle tile effect.",
        inputs: LatticeTile.inputs(acute: false),
        build: { args throws(FilterError) in
            try LatticeTile.apply(triangleTileKernel, args, acute: false, filter: "CITriangleTile")
        })

    static let triangleTileKernel = LatticeTile.kernel(
        "irisTriangleTile", reach: 1.2,
        fold:
            "        float b = q.y * 1.1547005;\n        float a = q.x - 0.5 * b;\n        float fa = fract(a), "
            + "fb = fract(b);\n        if (fa + fb > 1.0) { float t = fa; fa = 1.0 - fb; fb = 1.0 - t; }\n        q = vec2(fa + 0.5 * fb, fb * 0.8660254);"
    ) { q, _ in
        {
            let b = q.y * 1.1547005, a = q.x - 0.5 * b
            var fa = glslFract(a), fb = glslFract(b)
            if fa + fb > 1 { (fa, fb) = (1 - fb, 1 - fa) }
            return SIMD2(fa + 0.5 * fb, fb * 0.8660254)
        }()
    }
}
