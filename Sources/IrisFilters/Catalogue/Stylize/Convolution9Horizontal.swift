import IrisCore

extension BuiltInFilters {
    /// CIConvolution9Horizontal: a weighted sum of premultiplied colour (alpha included) over a 9x1 neighbourhood, plus
    /// `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolution9Horizontal = ConvolutionSupport.descriptor(
        name: "CIConvolution9Horizontal", displayName: "9 Horizontal Convolution",
        summary: "Modifies pixel values by performing a 9-element horizontal convolution.",
        shape: convolution9HorizontalShape, kernel: convolution9HorizontalKernel)

    static let convolution9HorizontalShape = ConvolutionSupport.Shape(columns: 9, rows: 1, rgbOnly: false)
    static let convolution9HorizontalKernel = ConvolutionSupport.kernel(
        name: "irisConvolution9Horizontal", shape: convolution9HorizontalShape)
}
