import IrisCore

extension BuiltInFilters {
    /// CIStripesGenerator: vertical stripes `inputWidth` wide alternating `inputColor0` and `inputColor1`,
    /// with an edge at `inputCenter`.x and `inputColor0` in the stripe to its right. The weight of colour 0
    /// is ½ + ½·w, w the square wave of the checkerboard (`GeneratorSupport.squareWave`), so
    /// `inputSharpness` softens the edges the same way. Infinite extent.
    static let stripesGenerator = FilterDescriptor(
        name: "CIStripesGenerator", displayName: "Stripes",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates a stripe pattern.",
        inputs: SquareWavePattern.inputs(
            center: "A point on an edge between stripes, x and y.", pieces: "stripes",
            width: "The width of each stripe, in pixels."),
        build: { args throws(FilterError) in
            try SquareWavePattern.image(args, kernel: stripesKernel, label: "CIStripesGenerator")
        })

    static let stripesKernel = SquareWavePattern.kernel(named: "irisStripes", bothAxes: false)
}
