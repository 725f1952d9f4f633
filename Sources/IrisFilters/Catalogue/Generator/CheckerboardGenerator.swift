import IrisCore

extension BuiltInFilters {
    /// CICheckerboardGenerator: squares of side `inputWidth` alternating `inputColor0` and `inputColor1`,
    /// with a corner at `inputCenter` and `inputColor0` in the square above and to the right of it. Each axis
    /// is a square wave (`GeneratorSupport.squareWave`, −1…1) and the weight of colour 0 is ½ + ½·wx·wy, so
    /// `inputSharpness` 1 gives hard edges and lower values linear ramps (1 − sharpness)·width wide across
    /// each edge; the colours mix in the working space. Infinite extent.
    static let checkerboardGenerator = FilterDescriptor(
        name: "CICheckerboardGenerator", displayName: "Checkerboard",
        categories: GeneratorSupport.generatorCategories,
        summary: "Generates a pattern of squares of alternating colors.",
        inputs: SquareWavePattern.inputs(
            center: "A corner of the squares, x and y.", pieces: "squares",
            width: "The side of each square, in pixels."),
        build: { args throws(FilterError) in
            try SquareWavePattern.image(args, kernel: checkerboardKernel, label: "CICheckerboardGenerator")
        })

    static let checkerboardKernel = SquareWavePattern.kernel(named: "irisCheckerboard", bothAxes: true)
}
