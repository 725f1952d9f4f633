import IrisCore

extension BuiltInFilters {
    /// CIHistogramDisplayFilter: draws a histogram (CIAreaHistogram's output: the bottom row of `inputImage`'s
    /// extent, one bin per pixel) as red, green and blue bar graphs, one column per bin and `inputHeight` rows,
    /// where overlapping bars add up to white. The bars are scaled so that the tallest bin of any colour
    /// component fills the height. Core Image does not say how its limits draw; Iris darkens the bars of the
    /// bins left of `inputLowLimit` (as a fraction of the width) to half and lightens the background right of
    /// `inputHighLimit` to a quarter grey, so the defaults (0 and 1) draw the plain graph. Opaque, at the origin.
    static let histogramDisplayFilter = FilterDescriptor(
        name: "CIHistogramDisplayFilter", displayName: "Histogram Display Filter", categories: reductionCategories,
        summary: "Generates a histogram image from the output of the CIAreaHistogram filter.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputHeight", .scalar, default: .number(100), range: 1...200,
                summary: "The height of the displayed histogram, in pixels."),
            FilterInputDescriptor(
                "inputHighLimit", .scalar, default: .number(1), range: 0...1,
                summary: "Bins right of this fraction of the width get a lighter background."),
            FilterInputDescriptor(
                "inputLowLimit", .scalar, default: .number(0), range: 0...1,
                summary: "Bins left of this fraction of the width get darker bars.")
        ],
        build: { args throws(FilterError) in
            let name = "CIHistogramDisplayFilter"
            let histogram = try args.image("inputImage")
            let extent = histogram.extent
            guard !extent.isInfinite, !extent.isEmpty, extent.width <= 4096 else {
                throw .invalidValue(
                    filter: name, key: "inputImage",
                    reason:
                        "takes a histogram image up to 4096 bins wide (CIAreaHistogram's output); its extent is \(extent)"
                )
            }
            let row = Rect(
                x: extent.minX.rounded(.down), y: extent.minY.rounded(.down), width: extent.width.rounded(.up),
                height: 1)
            let peak = AreaReduction.reduce(
                histogram, area: row, mode: .maximum, alongX: true, alongY: true, label: name)
            let height = try args.number("inputHeight").rounded()
            let shape = SIMD4(
                Float(row.width), Float(height), Float(try args.number("inputLowLimit")),
                Float(try args.number("inputHighLimit")))
            return Image.make(
                histogramDisplayKernel, [histogram, peak],
                KernelArguments([.vec2(SIMD2(Float(row.minX), Float(row.minY))), .vec4(shape)]),
                extent: Rect(x: 0, y: 0, width: row.width, height: height), label: name)
        })

    /// shape = (bins, height, low limit, high limit); input 1 is the per-component maximum bin, 1×1.
    static let histogramDisplayKernel = Kernel(
        general: "irisHistogramDisplay", inputCount: 2,
        parameters: [.init("origin", "vec2"), .init("shape", "vec4")],
        glsl: """
            vec4 irisHistogramDisplay(vec2 dc, vec2 origin, vec4 shape) {
                vec2 cell = floor(dc);
                vec4 m = sample1(vec2(0.5, 0.5));
                float peak = max(max(m.r, m.g), m.b);
                vec3 level = peak > 0.0 ? sample0(origin + vec2(cell.x + 0.5, 0.5)).rgb / peak : vec3(0.0);
                vec3 bars = vec3(greaterThan(level, vec3((cell.y + 0.5) / shape.y)));
                float x = (cell.x + 0.5) / shape.x;
                if (x < shape.z) bars *= 0.5;
                vec3 background = vec3(x > shape.w ? 0.25 : 0.0);
                return vec4(max(bars, background), 1.0);
            }
            """,
        cpu: { coords, sample, args in
            let origin = args.vec2(0), shape = args.vec4(1)
            let m = sample(1, [SIMD2(0.5, 0.5)])[0]
            let peak = max(max(m.x, m.y), m.z)
            let bins = sample(0, coords.map { origin + SIMD2($0.x.rounded(.down) + 0.5, 0.5) })
            return coords.indices.map { k in
                let cell = SIMD2(coords[k].x.rounded(.down), coords[k].y.rounded(.down))
                let level = peak > 0 ? SIMD3(bins[k].x, bins[k].y, bins[k].z) / peak : .zero
                let y = (cell.y + 0.5) / shape.y
                var bars = SIMD3<Float>(level.x > y ? 1 : 0, level.y > y ? 1 : 0, level.z > y ? 1 : 0)
                let x = (cell.x + 0.5) / shape.x
                if x < shape.z { bars *= 0.5 }
                let background: Float = x > shape.w ? 0.25 : 0
                return SIMD4(max(bars.x, background), max(bars.y, background), max(bars.z, background), 1)
            }
        },
        roi: { index, _, args in
            let origin = args.vec2(0), shape = args.vec4(1)
            return index == 0
                ? Rect(x: Double(origin.x), y: Double(origin.y), width: Double(shape.x), height: 1)
                : Rect(x: 0, y: 0, width: 1, height: 1)
        })
}
