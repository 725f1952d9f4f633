import IrisCore

extension BuiltInFilters {
    /// CIComicEffect: black outlines over the picture. With m the Sobel gradient magnitude of the working
    /// space luma (premultiplied), ink = clamp(1.5·(m − 0.25), 0, 1) and out = s · (1 − ink) on red, green and
    /// blue, alpha kept: edges stronger than 0.25 turn to black lines, flat areas keep their colour. Core Image
    /// does not publish its method (its output adds halftone-like flattening); this one is Iris's.
    static let comicEffect = FilterDescriptor(
        name: "CIComicEffect", displayName: "Comic Effect",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Simulates a comic book drawing by outlining edges and applying a color halftone effect.",
        inputs: [.image],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                comicEffectKernel, [image], KernelArguments([]), extent: image.extent, label: "CIComicEffect")
        })

    static let comicEffectKernel = Kernel(
        general: "irisComicEffect", parameters: [],
        glsl: """
            vec4 irisComicEffect(vec2 dc) {
                vec3 w = \(WorkingSpaceLuma.glsl);
                float tl = dot(sample0(dc + vec2(-1.0, 1.0)).rgb, w);
                float t = dot(sample0(dc + vec2(0.0, 1.0)).rgb, w);
                float tr = dot(sample0(dc + vec2(1.0, 1.0)).rgb, w);
                float l = dot(sample0(dc + vec2(-1.0, 0.0)).rgb, w), r = dot(sample0(dc + vec2(1.0, 0.0)).rgb, w);
                float bl = dot(sample0(dc + vec2(-1.0, -1.0)).rgb, w);
                float b = dot(sample0(dc + vec2(0.0, -1.0)).rgb, w);
                float br = dot(sample0(dc + vec2(1.0, -1.0)).rgb, w);
                float gx = (tr + 2.0 * r + br) - (tl + 2.0 * l + bl);
                float gy = (tl + 2.0 * t + tr) - (bl + 2.0 * b + br);
                float ink = clamp(1.5 * (sqrt(gx * gx + gy * gy) - 0.25), 0.0, 1.0);
                vec4 c = sample0(dc);
                return vec4(c.rgb * (1.0 - ink), c.a);
            }
            """,
        cpu: { coords, sample, _ in
            func at(_ dx: Float, _ dy: Float) -> [Float] {
                sample(0, coords.map { $0 + SIMD2(dx, dy) }).map(WorkingSpaceLuma.luma)
            }
            let tl = at(-1, 1), t = at(0, 1), tr = at(1, 1), l = at(-1, 0), r = at(1, 0), bl = at(-1, -1),
                b = at(0, -1), br = at(1, -1)
            let c = sample(0, coords)
            return coords.indices.map { k in
                let gx = (tr[k] + 2 * r[k] + br[k]) - (tl[k] + 2 * l[k] + bl[k])
                let gy = (tl[k] + 2 * t[k] + tr[k]) - (bl[k] + 2 * b[k] + br[k])
                let keep = 1 - min(max(1.5 * ((gx * gx + gy * gy).squareRoot() - 0.25), 0), 1)
                return SIMD4(c[k].x * keep, c[k].y * keep, c[k].z * keep, c[k].w)
            }
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: -1) })
}
