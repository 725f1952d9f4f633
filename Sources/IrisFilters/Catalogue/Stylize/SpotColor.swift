import IrisCore

extension BuiltInFilters {
    /// CISpotColor: replaces up to three colour ranges with spot colours. Core Image does not publish its
    /// formula; Iris's: for range k, δ is the distance between the pixel's colour and `inputCenterColor<k>`
    /// in the gamma-2 perceptual space (about sRGB's scale), and the range's weight falls linearly from 1 at
    /// δ ≤ closeness·contrast to 0 at δ ≥ closeness (`inputCloseness<k>`, `inputContrast<k>`). The colour is
    /// mixed toward `inputReplacementColor<k>` by that weight, range 3 first and range 1 last, so range 1
    /// wins where ranges overlap. Colours far from every centre are unchanged; alpha is kept.
    static let spotColor = FilterDescriptor(
        name: "CISpotColor", displayName: "Spot Color",
        categories: [
            FilterCategory.stylize, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Replaces one or more color ranges with spot colors.",
        inputs: [.image]
            + spotColorRanges.enumerated().flatMap { index, range in
                let k = index + 1
                return [
                    FilterInputDescriptor(
                        "inputCenterColor\(k)", .color, default: .color(range.center),
                        summary: "The centre of colour range \(k) (sRGB)."),
                    FilterInputDescriptor(
                        "inputReplacementColor\(k)", .color, default: .color(range.replacement),
                        summary: "The spot colour that replaces range \(k) (sRGB)."),
                    FilterInputDescriptor(
                        "inputCloseness\(k)", .scalar, default: .number(range.closeness), range: 0...1, slider: 0...0.5,
                        summary: "How far from the centre a colour may lie and still be replaced."),
                    FilterInputDescriptor(
                        "inputContrast\(k)", .scalar, default: .number(range.contrast), range: 0...1,
                        summary: "The fraction of the closeness that is replaced fully; the rest fades out.")
                ]
            },
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            var centers: [SIMD3<Float>] = [], replacements: [SIMD3<Float>] = [], closeness = SIMD3<Float>(),
                contrast = SIMD3<Float>()
            for k in 1...3 {
                centers.append(
                    ColorFilterSupport.perceptual(ColorFilterSupport.linearRGB(try args.color("inputCenterColor\(k)"))))
                replacements.append(ColorFilterSupport.linearRGB(try args.color("inputReplacementColor\(k)")))
                closeness[k - 1] = Float(try args.number("inputCloseness\(k)"))
                contrast[k - 1] = Float(try args.number("inputContrast\(k)"))
            }
            let arguments = KernelArguments(
                centers.map { .vec3($0) } + replacements.map { .vec3($0) } + [.vec3(closeness), .vec3(contrast)])
            return Image.make(spotColorKernel, [image], arguments, extent: image.extent, label: "CISpotColor")
        })

    /// Core Image's defaults: three skin-tone ranges and their spot colours.
    static let spotColorRanges:
        [(center: SIMD4<Double>, replacement: SIMD4<Double>, closeness: Double, contrast: Double)] = [
            (SIMD4(0.0784, 0.0627, 0.0706, 1), SIMD4(0.4392, 0.1922, 0.1961, 1), 0.22, 0.98),
            (SIMD4(0.5255, 0.3059, 0.3451, 1), SIMD4(0.9137, 0.5608, 0.5059, 1), 0.15, 0.98),
            (SIMD4(0.9216, 0.4549, 0.3333, 1), SIMD4(0.9098, 0.7529, 0.6078, 1), 0.5, 0.99)
        ]

    static let spotColorKernel = Kernel(
        color: "irisSpotColor",
        parameters: [
            .init("center1", "vec3"), .init("center2", "vec3"), .init("center3", "vec3"),
            .init("replacement1", "vec3"), .init("replacement2", "vec3"), .init("replacement3", "vec3"),
            .init("closeness", "vec3"), .init("contrast", "vec3")
        ],
        glsl: """
            float irisSpotWeight(vec3 p, vec3 center, float closeness, float contrast) {
                return clamp((closeness - distance(p, center)) / max(closeness * (1.0 - contrast), 1e-4), 0.0, 1.0);
            }
            vec4 irisSpotColor(vec4 s0, vec3 center1, vec3 center2, vec3 center3, vec3 replacement1, vec3 replacement2,
                               vec3 replacement3, vec3 closeness, vec3 contrast) {
                vec4 c = iris_unpremultiply(s0);
                vec3 p = sign(c.rgb) * sqrt(abs(c.rgb));
                vec3 q = mix(c.rgb, replacement3, irisSpotWeight(p, center3, closeness.z, contrast.z));
                q = mix(q, replacement2, irisSpotWeight(p, center2, closeness.y, contrast.y));
                q = mix(q, replacement1, irisSpotWeight(p, center1, closeness.x, contrast.x));
                return vec4(q * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let centers = [args.vec3(0), args.vec3(1), args.vec3(2)],
                replacements = [args.vec3(3), args.vec3(4), args.vec3(5)]
            let closeness = args.vec3(6), contrast = args.vec3(7)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let p = ColorFilterSupport.perceptual(SIMD3(c.x, c.y, c.z))
                var q = SIMD3(c.x, c.y, c.z)
                for k in [2, 1, 0] {
                    let d = p - centers[k]
                    let w = min(
                        max(
                            (closeness[k] - (d * d).sum().squareRoot()) / max(closeness[k] * (1 - contrast[k]), 1e-4), 0
                        ), 1)
                    q += (replacements[k] - q) * w
                }
                px[i] = SIMD4(q * c.w, c.w)
            }
        })
}
