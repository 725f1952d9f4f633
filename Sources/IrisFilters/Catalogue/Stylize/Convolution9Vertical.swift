import IrisCore

extension BuiltInFilters {
    /// CIConvolution9Vertical: a weighted sum of premultiplied colour (alpha included) over a 1x9 neighbourhood, plus
    /// `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolution9Vertical = ConvolutionSupport.descriptor(
        name: "CIConvolution9Vertical", displayName: "9 Vertical Convolution",
        summary: "Modifies pixel values by performing a 9-element vertical convolution.",
        shape: convolution9VerticalShape, kernel: convolution9VerticalKernel)

    static let convolution9VerticalShape = ConvolutionSupport.Shape(columns: 1, rows: 9, rgbOnly: false)
    static let convolution9VerticalKernel = ConvolutionSupport.kernel(
        name: "irisConvolution9Vertical", shape: convolution9VerticalShape)
}
