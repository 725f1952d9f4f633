import IrisCore

extension BuiltInFilters {
    /// CIVignette: darkens (or, with negative intensity, lightens) the image towards its corners. The centre
    /// and size come from the input extent.
    static let vignette = FilterDescriptor(
        name: "CIVignette", displayName: "Vignette",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Reduces the brightness of an image at the periphery.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputIntensity", .scalar, default: .number(0), range: -1...1,
                summary: "How much the edge darkens: 1 is black at the reach, negative lightens."),
            FilterInputDescriptor(
                "inputRadius", .scalar, default: .number(1), range: 0...2,
                summary: "Where the shading reaches full strength, in half-diagonals of the image.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let intensity = try args.number("inputIntensity"), radius = try args.number("inputRadius")
            let extent = image.extent
            if intensity == 0 || extent.isEmpty { return image }
            if extent.isInfinite {
                throw .invalidValue(
                    filter: "CIVignette", key: "inputImage", reason: "the image's extent is infinite: crop it first")
            }
            return Image.make(
                vignetteKernel, [image], vignetteArguments(extent: extent, intensity: intensity, radius: radius),
                extent: extent, label: "CIVignette")
        })

    /// centre, 1 / (half-diagonal · radius), intensity. A radius of 0 is held just above 0 so the shading
    /// becomes a hard edge at the centre instead of a division by zero.
    static func vignetteArguments(extent: Rect, intensity: Double, radius: Double) -> KernelArguments {
        let halfDiagonal = (extent.width * extent.width + extent.height * extent.height).squareRoot() / 2
        let reach = halfDiagonal * max(radius, 1e-4)
        return KernelArguments([
            .vec2(SIMD2(Float(extent.midX), Float(extent.midY))), .float(Float(1 / reach)), .float(Float(intensity))
        ])
    }

    /// Core Image's falloff is not public. Iris's: t = clamp(distance to centre / reach, 0, 1),
    /// shade = 1 − intensity · smoothstep(t) (t²(3 − 2t)); colour (premultiplied, so alpha is kept) × shade.
    static let vignetteKernel = Kernel(
        color: "irisVignette", usesDestCoord: true,
        parameters: [.init("center", "vec2"), .init("inverseReach", "float"), .init("intensity", "float")],
        glsl: """
            vec4 irisVignette(vec4 s0, vec2 dc, vec2 center, float inverseReach, float intensity) {
                float t = clamp(length(dc - center) * inverseReach, 0.0, 1.0);
                float shade = 1.0 - intensity * t * t * (3.0 - 2.0 * t);
                return vec4(s0.rgb * shade, s0.a);
            }
            """,
        cpu: { px, _, coords, args in
            let center = args.vec2(0), inverseReach = args.float(1), intensity = args.float(2)
            // Two plain loops: the shades from the points read as a flat row of floats (which LLVM
            // vectorises, square root and clamp included), then the colours scaled by them. One loop over the
            // SIMD2 and SIMD4 arrays stayed scalar and cost more than the whole cube lookup before it.
            let count = min(px.count, coords.count)
            withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { shadeRow in
                guard let shades = shadeRow.baseAddress else { return }
                coords.withUnsafeBytes { raw in
                    guard let points = raw.baseAddress else { return }
                    for i in 0..<count {
                        let dx = points.load(fromByteOffset: i &* 8, as: Float.self) - center.x
                        let dy = points.load(fromByteOffset: i &* 8 &+ 4, as: Float.self) - center.y
                        let r = (dx * dx + dy * dy).squareRoot() * inverseReach
                        let t = r < 1 ? r : 1
                        shades[i] = 1 - intensity * t * t * (3 - 2 * t)
                    }
                }
                px.withUnsafeMutableBufferPointer { pp in
                    guard let colours = pp.baseAddress else { return }
                    for i in 0..<count {
                        let s = shades[i]
                        colours[i] *= SIMD4(s, s, s, 1)
                    }
                }
            }
        })
}
