import IrisCore

extension BuiltInFilters {
    /// CIPerspectiveTile: tiles the image infinitely, then applies the perspective map that takes the
    /// input extent's corners to the four points (as CIPerspectiveTransform), so the tiles recede; beyond
    /// the horizon (w ≤ 0) it is transparent. The result is infinite.
    static let perspectiveTile = FilterDescriptor(
        name: "CIPerspectiveTile", displayName: "Perspective Tile", categories: DistortionSupport.tileCategories,
        summary: "Applies a perspective transform to an image and then tiles the result.",
        inputs: [.image] + perspectiveCornerInputs,
        build: { args throws(FilterError) in
            let image = try args.finiteImage("inputImage")
            let e = image.extent
            if e.isEmpty { return image }
            let quad = try perspectiveQuad(args)
            guard let q = PerspectiveHomography.squareToQuad(quad), let inverse = q.after(.normalizing(e)).inverted
            else {
                throw .invalidValue(
                    filter: "CIPerspectiveTile", key: "inputTopLeft",
                    reason: "the corners do not make a perspective map")
            }
            let backward = inverse.positive(at: quad.reduce(SIMD2<Double>.zero, +) / 4)
            return Image.make(
                perspectiveTileKernel, [image],
                KernelArguments(backward.kernelArguments.values + [DistortionSupport.rectValue(e)]),
                extent: .infinite, label: "CIPerspectiveTile")
        })

    static let perspectiveTileKernel = Kernel(
        general: "irisPerspectiveTile",
        parameters: [.init("row0", "vec3"), .init("row1", "vec3"), .init("row2", "vec3"), .init("tile", "vec4")],
        glsl: """
            vec4 irisPerspectiveTile(vec2 dc, vec3 row0, vec3 row1, vec3 row2, vec4 tile) {
                vec3 h = vec3(dc, 1.0);
                float w = dot(row2, h);
                if (w <= 0.0) return vec4(0.0);
                vec2 p = vec2(dot(row0, h), dot(row1, h)) / w;
                return sample0(tile.xy + mod(p - tile.xy, tile.zw));
            }
            """,
        cpu: { coords, sample, args in
            let r0 = args.vec3(0), r1 = args.vec3(1), r2 = args.vec3(2), tile = args.vec4(3)
            var points = coords, keep = [Bool](repeating: true, count: coords.count)
            for i in coords.indices {
                let h = SIMD3(coords[i].x, coords[i].y, 1)
                let w = (r2 * h).sum()
                keep[i] = w > 0
                let p = keep[i] ? SIMD2((r0 * h).sum(), (r1 * h).sum()) / w : .zero
                points[i] = SIMD2(tile.x + glslMod(p.x - tile.x, tile.z), tile.y + glslMod(p.y - tile.y, tile.w))
            }
            var out = sample(0, points)
            for i in out.indices where !keep[i] { out[i] = .zero }
            return out
        },
        roi: { _, _, args in
            let t = args.vec4(3)
            return Rect(x: Double(t.x), y: Double(t.y), width: Double(t.z), height: Double(t.w)).insetBy(dx: -1, dy: -1)
        })
}
