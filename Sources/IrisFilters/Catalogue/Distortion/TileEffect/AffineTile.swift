import IrisCore

extension BuiltInFilters {
    /// CIAffineTile: repeats the image's extent infinitely (each pixel reads minXY + ((p − minXY) mod size))
    /// and then applies `inputTransform` (bilinear). The result is infinite.
    static let affineTile = FilterDescriptor(
        name: "CIAffineTile", displayName: "Affine Tile", categories: DistortionSupport.tileCategories,
        summary: "Applies an affine transform to an image and then tiles the transformed image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputTransform", .transform, default: .transform(.identity),
                summary: "The transform applied to the tiled image.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let e = image.extent
            if e.isEmpty || e.isInfinite { return image.transformed(by: try args.transform("inputTransform")) }
            let tiled = Image.make(
                tileKernel, [image], KernelArguments([DistortionSupport.rectValue(e)]), extent: .infinite,
                label: "CIAffineTile")
            return tiled.transformed(by: try args.transform("inputTransform"))
        })

    static let tileKernel = DistortionSupport.warp(
        "irisTileRect", [.init("tile", "vec4")],
        glsl: """
            vec2 irisTileRect(vec2 dc, vec4 tile) { return tile.xy + mod(dc - tile.xy, tile.zw); }
            """,
        roi: DistortionSupport.regionROI { args in
            let t = args.vec4(0)
            return Rect(x: Double(t.x), y: Double(t.y), width: Double(t.z), height: Double(t.w))
        }
    ) { p, args in
        let t = args.vec4(0)
        return SIMD2(t.x + glslMod(p.x - t.x, t.z), t.y + glslMod(p.y - t.y, t.w))
    }
}
