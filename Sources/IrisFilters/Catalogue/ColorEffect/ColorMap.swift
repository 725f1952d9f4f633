import IrisCore

extension BuiltInFilters {
    /// CIColorMap: looks each pixel's brightness up in a gradient image. Iris reads the gradient along x at
    /// its middle row: t = √luma (perceptual, Rec.709, clamped 0…1) picks the point from the centre of the
    /// leftmost pixel (t = 0) to the centre of the rightmost (t = 1), sampled bilinearly; the result is that
    /// (premultiplied) colour times the input pixel's alpha. A gradient with an infinite extent is refused.
    static let colorMap = FilterDescriptor(
        name: "CIColorMap", displayName: "Color Map",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Performs a nonlinear transformation of source color values using mapping values provided in a table.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputGradientImage", .image, summary: "The gradient, read left (dark) to right (bright).")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage"), gradient = try args.image("inputGradientImage")
            let g = gradient.extent
            if g.isInfinite {
                throw .invalidValue(
                    filter: "CIColorMap", key: "inputGradientImage",
                    reason: "the gradient's extent is infinite: crop it first")
            }
            if g.isEmpty { throw .emptyExtent(filter: "CIColorMap") }
            let rect = KernelValue.vec4(SIMD4(Float(g.minX), Float(g.minY), Float(g.width), Float(g.height)))
            return Image.make(
                colorMapKernel, [image, gradient], KernelArguments([rect]), extent: image.extent, label: "CIColorMap")
        })

    static let colorMapKernel = Kernel(
        general: "irisColorMap", inputCount: 2, parameters: [.init("gradient", "vec4")],
        glsl: """
            vec4 irisColorMap(vec2 dc, vec4 gradient) {
                vec4 s = sample0(dc);
                vec4 c = iris_unpremultiply(s);
                float t = sqrt(clamp(dot(c.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0));
                vec2 p = vec2(gradient.x + 0.5 + t * max(gradient.z - 1.0, 0.0), gradient.y + 0.5 * gradient.w);
                return sample1(p) * s.a;
            }
            """,
        cpu: { coords, sample, args in
            let g = args.vec4(0)
            let source = sample(0, coords)
            var points = coords
            for i in coords.indices {
                let c = unpremultiplied(source[i])
                let t = min(max(WorkingSpaceLuma.luma(c), 0), 1).squareRoot()
                points[i] = SIMD2(g.x + 0.5 + t * max(g.z - 1, 0), g.y + 0.5 * g.w)
            }
            var colors = sample(1, points)
            for i in colors.indices { colors[i] *= source[i].w }
            return colors
        },
        roi: { index, rect, args in
            guard index == 1 else { return rect }
            let g = args.vec4(0)
            return Rect(x: Double(g.x), y: Double(g.y), width: Double(g.z), height: Double(g.w))
        })
}
